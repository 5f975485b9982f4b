// /api/team/: the owner's team: members and invitations (list, invite, change permissions, remove, send the
// invitation again) and the account's audit log, all the owner's alone; and the one public call, an invitation
// link's details for the sign-up screen. Invitation mails go out after the answer.
import {
  auditPageSchema,
  auditQuerySchema,
  invitationSchema,
  invitationTokenParams,
  inviteMemberSchema,
  memberChangesSchema,
  memberIdParams,
  teamMemberListSchema,
  teamMemberSchema,
} from '@common/team-schemas';

import { signedInUser } from '../../../plugins/auth';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

const ownerOnly = { config: { access: 'owner' } } as const;

function accountKey(request: FastifyRequest): string {
  return signedInUser(request).accountId;
}

function memberKey(request: FastifyRequest): string {
  return `${signedInUser(request).accountId}:${(request.params as { id: string }).id}`;
}

const teamRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const team = app.services.team;

  routes.get(
    '/users/',
    { ...ownerOnly, schema: { response: { 200: teamMemberListSchema } } },
    async (request) => team.listMembers(signedInUser(request).accountId),
  );

  routes.post(
    '/users/',
    {
      ...ownerOnly,
      schema: { body: inviteMemberSchema, response: { 201: teamMemberSchema } },
      preHandler: app.limitAttempts({
        name: 'team-invites-per-account',
        max: app.config.RATE_LIMIT_TEAM_INVITES_PER_ACCOUNT,
        key: accountKey,
      }),
    },
    async (request, reply) => {
      const { member, sendMail } = await team.invite(signedInUser(request), request.body);
      app.afterAnswer.run('invitation mail', sendMail);
      return reply.code(201).send(member);
    },
  );

  routes.patch(
    '/users/:id/',
    {
      ...ownerOnly,
      schema: {
        params: memberIdParams,
        body: memberChangesSchema,
        response: { 200: teamMemberSchema },
      },
    },
    async (request) =>
      team.changeAccess(signedInUser(request), request.params.id, request.body.shared_access),
  );

  routes.delete(
    '/users/:id/',
    { ...ownerOnly, schema: { params: memberIdParams } },
    async (request, reply) => {
      await team.remove(signedInUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  routes.post(
    '/users/:id/resend/',
    {
      ...ownerOnly,
      schema: { params: memberIdParams, response: { 200: teamMemberSchema } },
      preHandler: app.limitAttempts({
        name: 'invitation-resends-per-member',
        max: app.config.RATE_LIMIT_INVITATION_RESENDS_PER_MEMBER,
        key: memberKey,
      }),
    },
    async (request) => {
      const { member, sendMail } = await team.resendInvitation(
        signedInUser(request),
        request.params.id,
      );
      app.afterAnswer.run('invitation mail', sendMail);
      return member;
    },
  );

  routes.get(
    '/audit/',
    {
      ...ownerOnly,
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    async (request) => team.listAudit(signedInUser(request).accountId, request.query),
  );

  routes.get(
    '/invitations/:token/',
    {
      config: { access: 'public' },
      schema: { params: invitationTokenParams, response: { 200: invitationSchema } },
      onRequest: app.limitAttempts({
        name: 'invitation-lookups-per-ip',
        max: app.config.RATE_LIMIT_REGISTER_PER_IP,
        key: (request) => request.ip,
      }),
    },
    async (request) => team.findInvitation(request.params.token),
  );
};

export default teamRoutes;
