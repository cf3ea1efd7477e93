import { SESSION_JOIN_BEFORE_START_MS, type SessionRoom } from '@portal/shared';
import { createSigner } from 'fast-jwt';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../plugins/auth.js';

type Sign = (payload: Record<string, unknown>) => string;
const signers = new WeakMap<AppDeps, Sign>();

function signerOf(deps: AppDeps, secret: string): Sign {
  let sign = signers.get(deps);
  if (!sign) {
    // Times are set from deps.clock below, not the machine's.
    sign = createSigner({ key: secret, algorithm: 'HS256', noTimestamp: true }) as Sign;
    signers.set(deps, sign);
  }
  return sign;
}

const seconds = (at: Date | number) => Math.floor(new Date(at).getTime() / 1000);

/**
 * How `user` joins the session's Jitsi room (decisions 24, 29): room name = session id, display
 * name = the user's name. With JITSI_APP_ID/JITSI_APP_SECRET the room token of Jitsi's token
 * authentication (prosody `token` auth: aud `jitsi`, iss the app id, sub the domain, room the
 * session id) is signed for this user, valid from the join window until the session's end, and
 * moderator for the author; none once the session has ended. The portal never calls the meeting
 * server itself.
 */
export function roomFor(
  deps: AppDeps,
  user: AuthUser,
  session: { id: string; start: Date; end: Date },
  moderator: boolean,
): SessionRoom {
  const { JITSI_DOMAIN: domain, JITSI_APP_ID: appId, JITSI_APP_SECRET: secret } = deps.config;
  const now = deps.clock.now();
  const jwt =
    appId && secret && now.getTime() <= session.end.getTime()
      ? signerOf(
          deps,
          secret,
        )({
          aud: 'jitsi',
          iss: appId,
          sub: domain,
          room: session.id,
          iat: seconds(now),
          nbf: seconds(session.start.getTime() - SESSION_JOIN_BEFORE_START_MS),
          exp: seconds(session.end),
          moderator,
          context: { user: { id: user.userId, name: user.name, moderator } },
        })
      : null;
  return { domain, room_name: session.id, display_name: user.name, jwt, moderator };
}
