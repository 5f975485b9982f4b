// The team as a table from sm up and as cards on phones: name, email, status, permissions, last active, actions.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

import { ResponsiveList } from '@/components/responsive-list';
import { StatusChip, type StatusLook } from '@/components/status-chip';
import { formatDateTime } from '@/lib/dates';
import { ACCESS_AREAS } from '@common/team';

import { AREA_LABELS, LEVEL_LABELS } from './access-level-fields';
import { memberStatus, type MemberStatusLabel } from './member-status';

import type { TeamMember } from '../api/team-api';

const STATUS_LOOK: Record<MemberStatusLabel, StatusLook> = {
  Active: { color: 'success', icon: CheckCircleOutlined },
  Invited: { color: 'default', icon: MailOutlined },
  Expired: { color: 'warning', icon: EventBusyOutlined },
};

function MemberStatusChip({ member }: { member: TeamMember }) {
  const label = memberStatus(member);
  return <StatusChip label={label} {...STATUS_LOOK[label]} />;
}

/** 'Verifications: Edit · Templates: View'; areas with none are left out. */
export function permissionsSummary(member: TeamMember): string {
  const parts = ACCESS_AREAS.filter((area) => member.shared_access[area] !== 'none').map(
    (area) => `${AREA_LABELS[area]}: ${LEVEL_LABELS[member.shared_access[area]]}`,
  );
  return parts.length ? parts.join(' · ') : 'No access';
}

function lastActive(member: TeamMember): string {
  if (member.last_active_at) return formatDateTime(member.last_active_at);
  return member.status === 'invited' ? 'Not joined yet' : 'Never';
}

export interface MemberActions {
  onEdit: (member: TeamMember) => void;
  onResend: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
  /** The member whose invitation is being sent again. */
  resendingId: string | null;
}

interface TeamMembersListProps extends MemberActions {
  members: TeamMember[];
}

function displayName(member: TeamMember) {
  return member.name || '—';
}

/** An address may break after its '@' only, never inside a word. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function RowActions({
  member,
  onEdit,
  onResend,
  onRemove,
  resendingId,
}: MemberActions & { member: TeamMember }) {
  const who = member.name || member.email;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      {member.status === 'invited' && (
        <Tooltip title="Resend invitation">
          <span>
            <IconButton
              aria-label={`Resend invitation to ${member.email}`}
              onClick={() => onResend(member)}
              disabled={resendingId === member.id}
            >
              <ForwardToInboxOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      <Tooltip title="Edit permissions">
        <IconButton aria-label={`Edit permissions of ${who}`} onClick={() => onEdit(member)}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Remove">
        <IconButton aria-label={`Remove ${who}`} onClick={() => onRemove(member)}>
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

function MemberCard({ member, ...actions }: MemberActions & { member: TeamMember }) {
  return (
    <>
      <CardContent sx={{ pb: 1 }}>
        {/* Invited members have no name yet: their address is the card's title. */}
        <Typography variant="subtitle1">
          {member.name || <EmailText email={member.email} />}
        </Typography>
        {member.name && (
          <Typography variant="body2" color="text.secondary">
            <EmailText email={member.email} />
          </Typography>
        )}
        <Box sx={{ mt: 1 }}>
          <MemberStatusChip member={member} />
        </Box>
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          {permissionsSummary(member)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Last active: {lastActive(member)}
        </Typography>
      </CardContent>
      <CardActions
        disableSpacing
        // Compact buttons: a phone's card fits all three on one line.
        sx={{
          justifyContent: 'flex-end',
          flexWrap: 'wrap',
          gap: 0.5,
          '& .MuiButton-root': { minWidth: 0, px: 1 },
        }}
      >
        {member.status === 'invited' && (
          <Button
            size="small"
            onClick={() => actions.onResend(member)}
            disabled={actions.resendingId === member.id}
            aria-label={`Resend invitation to ${member.email}`}
          >
            Resend
          </Button>
        )}
        <Button
          size="small"
          onClick={() => actions.onEdit(member)}
          aria-label={`Edit permissions of ${member.name || member.email}`}
        >
          Permissions
        </Button>
        <Button
          size="small"
          color="error"
          onClick={() => actions.onRemove(member)}
          aria-label={`Remove ${member.name || member.email}`}
        >
          Remove
        </Button>
      </CardActions>
    </>
  );
}

export function TeamMembersList({ members, ...actions }: TeamMembersListProps) {
  return (
    <ResponsiveList
      label="Team members"
      items={members}
      keyOf={(member) => member.id}
      columns={[
        { header: 'Name', cell: displayName },
        { header: 'Email', cell: (member) => <EmailText email={member.email} /> },
        { header: 'Status', cell: (member) => <MemberStatusChip member={member} /> },
        {
          header: 'Permissions',
          cell: (member) => <Typography variant="body2">{permissionsSummary(member)}</Typography>,
          sx: { maxWidth: 320 },
        },
        { header: 'Last active', cell: lastActive, sx: { whiteSpace: 'nowrap' } },
        {
          header: 'Actions',
          align: 'right',
          cell: (member) => <RowActions member={member} {...actions} />,
        },
      ]}
      card={(member) => <MemberCard member={member} {...actions} />}
    />
  );
}
