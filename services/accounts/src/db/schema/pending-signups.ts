import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * A sign-up waiting for its e-mail code. The user row only exists once a code is verified, and
 * then with the password of the sign-up whose code was entered: someone who signs up with
 * another person's address cannot set that account's password by racing them.
 */
export interface PendingSignupTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  /** Keyed hash of the 6-digit code; the code itself is only in the mail. */
  code_hash: string;
  expires_at: Date;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type PendingSignup = Selectable<PendingSignupTable>;
