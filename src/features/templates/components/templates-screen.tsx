// 'templates': every landing-page template of the account as a card with a picture of its page.
// The default one comes first (the server's order), then by name.
import AddOutlined from '@mui/icons-material/AddOutlined';
import WebOutlined from '@mui/icons-material/WebOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { EmptyState } from '@/components/empty-state';
import { LoadErrorState } from '@/components/load-error-state';
import { SectionHeader } from '@/components/section-header';
import { pathTo } from '@/config/routes';
import { failureDetail } from '@/lib/api/api-error-notification';
import { notify } from '@/lib/notify';
import { useCanEdit } from '@/lib/session/use-access';

import {
  useDuplicateTemplateMutation,
  useGetTemplatesQuery,
  useMakeDefaultTemplateMutation,
  type Template,
} from '../api/templates-api';

import { DeleteTemplateDialog } from './delete-template-dialog';
import { TemplateCard, type TemplateCardActions } from './template-card';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

const CARD_GRID = { xs: 12, sm: 6, lg: 4 } as const;

function CreateButton() {
  return (
    <Button
      component={RouterLink}
      to={pathTo('create-template')}
      variant="contained"
      startIcon={<AddOutlined />}
    >
      Create Template
    </Button>
  );
}

function LoadingCards() {
  return (
    <Grid container spacing={3} aria-busy="true" aria-label="Loading templates">
      {[0, 1, 2].map((key) => (
        <Grid key={key} size={CARD_GRID}>
          <Card>
            <Skeleton variant="rectangular" sx={{ aspectRatio: '760 / 475', height: 'auto' }} />
            <CardContent>
              <Skeleton width="60%" />
              <Skeleton width="40%" />
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

export function TemplatesScreen() {
  const { data, isLoading, isError, error, refetch } = useGetTemplatesQuery();
  const [duplicateTemplate] = useDuplicateTemplateMutation();
  const [makeDefaultTemplate] = useMakeDefaultTemplateMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ template: Template; isOpen: boolean } | null>(null);
  const templates = data?.results ?? [];
  // A shared user with view access sees the grid without actions: the editor is the only other view of a template.
  const canEdit = useCanEdit('templates');

  const duplicate = async (template: Template) => {
    setBusyId(template.id);
    try {
      const copy = await duplicateTemplate(template.id).unwrap();
      notify({
        severity: 'success',
        summary: 'Template duplicated',
        detail: `“${copy.name}” is ready to edit.`,
        lifetime: 5000,
      });
    } catch (error) {
      notify({
        severity: 'error',
        summary: 'Not duplicated',
        detail: failureDetail(
          error as FetchBaseQueryError,
          `“${template.name}” could not be duplicated. Please try again.`,
        ),
      });
    } finally {
      setBusyId(null);
    }
  };

  const makeDefault = async (template: Template) => {
    setBusyId(template.id);
    try {
      await makeDefaultTemplate(template.id).unwrap();
      notify({
        severity: 'success',
        summary: 'Default template changed',
        detail: `New verifications use “${template.name}” unless you choose another.`,
        lifetime: 5000,
      });
    } catch (error) {
      notify({
        severity: 'error',
        summary: 'Default not changed',
        detail: failureDetail(
          error as FetchBaseQueryError,
          `“${template.name}” could not be made the default. Please try again.`,
        ),
      });
    } finally {
      setBusyId(null);
    }
  };

  const cardActions: TemplateCardActions = {
    onDuplicate: duplicate,
    onMakeDefault: makeDefault,
    onDelete: (chosen) => setDeleting({ template: chosen, isOpen: true }),
  };

  let content;
  if (isLoading) {
    content = <LoadingCards />;
  } else if (isError && !data) {
    content = (
      <LoadErrorState
        error={error}
        title="Templates could not be loaded"
        onRetry={() => refetch()}
      />
    );
  } else if (templates.length === 0) {
    content = (
      <EmptyState
        icon={WebOutlined}
        title="No templates yet"
        description={
          canEdit
            ? 'Templates shape the landing page people see when they scan the QR code on your documents.'
            : 'Nothing has been created yet. The templates of this account will appear here.'
        }
        action={canEdit && <CreateButton />}
      />
    );
  } else {
    content = (
      <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {templates.map((template) => (
          <Grid key={template.id} size={CARD_GRID} component="li">
            <TemplateCard
              template={template}
              isBusy={busyId === template.id}
              actions={canEdit ? cardActions : undefined}
            />
          </Grid>
        ))}
      </Grid>
    );
  }

  return (
    <Stack spacing={3}>
      <SectionHeader
        title="Templates"
        description="The page people see when they scan a code. Each verification uses one; new ones use the default."
        action={canEdit && templates.length > 0 && <CreateButton />}
      />
      {content}
      {deleting && (
        <DeleteTemplateDialog
          key={deleting.template.id}
          template={deleting.template}
          templates={templates}
          open={deleting.isOpen}
          onClose={() => setDeleting((current) => current && { ...current, isOpen: false })}
        />
      )}
    </Stack>
  );
}
