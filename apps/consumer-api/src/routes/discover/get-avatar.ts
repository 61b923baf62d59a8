import { AvatarParams, NotFound, Problem } from '@podcast/contracts';
import { findUserById } from '@podcast/db';
import { rawReply } from '@podcast/http-kit';
import { avatarSvg } from '@podcast/user-state';
import { defineRoute } from '../../context.js';

const AVATAR_CACHE = 'public, max-age=86400';

const noSuchUser = () => new NotFound('user_id: no such user');

export const getAvatar = defineRoute({
  method: 'get',
  path: '/api/app/profile/{user_id}/avatar',
  summary: "A user's avatar image",
  description:
    'Open, because an image tag sends no bearer header; the id is opaque and never displayed. ' +
    'An SVG of the initials on a colour picked from the id, cached for a day; 404 for any id ' +
    'that names no user, a malformed one included (spec 01 rule 2: a client cannot validate ' +
    'an opaque id, so there is no 400 telling it the shape).',
  tags: ['auth'],
  auth: 'open',
  params: AvatarParams,
  responses: {
    200: { description: 'The avatar', contentType: 'image/svg+xml' },
    404: Problem.describe('No such user'),
  },
  // Too long, bad characters, NUL, a bad %-escape: the same 404 as an unknown id, no query made.
  invalid: () => {
    throw noSuchUser();
  },
  handler: async ({ params, ctx }) => {
    const user = await findUserById(ctx.db, params.user_id);
    if (user === undefined) {
      throw noSuchUser();
    }
    return rawReply(200, 'image/svg+xml', avatarSvg(user.id, user.name), {
      'Cache-Control': AVATAR_CACHE,
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  },
});
