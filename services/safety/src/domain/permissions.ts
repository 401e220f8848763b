import { ROLE_PERMISSIONS, type OperatorRole, type Permission } from '@honne/contracts/safety';

/** Who is acting in the console: an operator's session, or an API key (with its scopes). */
export type ConsoleActor =
  | { kind: 'operator'; operatorId: string; sessionId: string; role: OperatorRole }
  | { kind: 'key'; keyId: string; scopes: readonly string[]; creatorRole: OperatorRole };

/** The actor's name in events and the audit log. */
export const actorName = (a: ConsoleActor): string =>
  a.kind === 'operator' ? `operator:${a.operatorId}` : `key:${a.keyId}`;

const isRole = (role: string): role is OperatorRole => role in ROLE_PERMISSIONS;

export function roleOf(role: string): OperatorRole | undefined {
  return isRole(role) ? role : undefined;
}

/**
 * Whether the actor may use a permission: an operator by their role; a key by its scopes, and
 * only as far as its creator's role still reaches (a key never outgrows who made it).
 */
export function allows(actor: ConsoleActor, permission: Permission): boolean {
  if (actor.kind === 'operator') return ROLE_PERMISSIONS[actor.role].includes(permission);
  return actor.scopes.includes(permission) && ROLE_PERMISSIONS[actor.creatorRole].includes(permission);
}
