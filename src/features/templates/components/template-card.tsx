// One template in the grid: a small picture of its page, its name, whether it is the default, how
// many verifications use it, and what can be done with it.
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import StarOutlined from '@mui/icons-material/StarOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { ScaledFrame } from '@/components/scaled-frame';
import { pathTo } from '@/config/routes';

import { verificationCount } from '../format';
import { templateDesign } from '../template-values';
import { usePreviewDocument } from '../use-preview';

import type { Template } from '../api/templates-api';

/**
 * The top of the page in a window a little wider than its 640 px column: the header, the verdict
 * and the first rows fill the picture.
 */
const THUMBNAIL_VIEWPORT = { width: 760, height: 475 };

function TemplateThumbnail({ template }: { template: Template }) {
  const design = useMemo(() => templateDesign(template), [template]);
  const html = usePreviewDocument(design);
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.default' }}>
      <ScaledFrame
        srcDoc={html}
        title={`Preview of ${template.name}`}
        width={THUMBNAIL_VIEWPORT.width}
        height={THUMBNAIL_VIEWPORT.height}
        isDecorative
      />
    </Box>
  );
}

export interface TemplateCardActions {
  onDuplicate: (template: Template) => void;
  onMakeDefault: (template: Template) => void;
  onDelete: (template: Template) => void;
}

interface TemplateCardProps {
  template: Template;
  isBusy: boolean;
  /** Left out for someone who may only look: the card then offers no actions. */
  actions?: TemplateCardActions;
}

export function TemplateCard({ template, isBusy, actions }: TemplateCardProps) {
  const titleId = useId();
  const usage =
    template.verification_count > 0
      ? `Used by ${verificationCount(template.verification_count)}`
      : 'Not used by any verification yet';

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <TemplateThumbnail template={template} />
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography
            id={titleId}
            variant="h3"
            component="h3"
            noWrap
            title={template.name}
            sx={{ fontSize: '1rem', minWidth: 0 }}
          >
            {template.name}
          </Typography>
          {template.is_default && (
            <Chip
              icon={<StarOutlined />}
              label="Default"
              size="small"
              color="primary"
              variant="outlined"
              sx={{ flex: 'none' }}
            />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {usage}
        </Typography>
      </CardContent>
      {actions && <TemplateActions template={template} isBusy={isBusy} {...actions} />}
    </Card>
  );
}

/** Edit, and a menu with duplicate, make default and delete. */
function TemplateActions({
  template,
  isBusy,
  onDuplicate,
  onMakeDefault,
  onDelete,
}: { template: Template; isBusy: boolean } & TemplateCardActions) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const closeMenuAnd = (action: (template: Template) => void) => () => {
    setMenuAnchor(null);
    action(template);
  };
  return (
    <CardActions sx={{ px: 2, pb: 2, pt: 0, justifyContent: 'space-between' }}>
      <Button
        component={RouterLink}
        to={pathTo('edit-template', { templateId: template.id })}
        startIcon={<EditOutlined />}
        variant="outlined"
        size="small"
        aria-label={`Edit ${template.name}`}
      >
        Edit
      </Button>
      <IconButton
        aria-label={`More actions for ${template.name}`}
        aria-controls={menuAnchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={menuAnchor ? 'true' : undefined}
        onClick={(event) => setMenuAnchor(event.currentTarget)}
        disabled={isBusy}
      >
        <MoreVertOutlined />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={menuAnchor}
        open={Boolean(menuAnchor)}
        onClose={() => setMenuAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem onClick={closeMenuAnd(onDuplicate)}>
          <ListItemIcon>
            <ContentCopyOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Duplicate</ListItemText>
        </MenuItem>
        {!template.is_default && (
          <MenuItem onClick={closeMenuAnd(onMakeDefault)}>
            <ListItemIcon>
              <StarOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>Make default</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={closeMenuAnd(onDelete)} sx={{ color: 'error.main' }}>
          <ListItemIcon sx={{ color: 'inherit' }}>
            <DeleteOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Delete</ListItemText>
        </MenuItem>
      </Menu>
    </CardActions>
  );
}
