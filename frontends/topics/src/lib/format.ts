import { GENDERS } from '@honne/contracts/profile';
import { ANONYMOUS_NAME, historyName, type UserCard } from '@honne/contracts/topics';

export { historyName };

/** Gender in Japanese (spec §3: 1 male, 2 female, anything else unspecified), never a letter. */
export const genderName = (gender: string | null | undefined) =>
  GENDERS.find((g) => g.value === gender)?.name ?? GENDERS[2].name;

/** The name a list shows: anonymous posters are 匿名さん (the server already hid the real one). */
export const displayName = (user: Pick<UserCard, 'user_name' | 'is_anonymous'>) =>
  user.is_anonymous || !user.user_name ? ANONYMOUS_NAME : user.user_name;

/** The epoch ms of a topic's `expire_at {_seconds}`. */
export const expireMs = (t: { expire_at: { _seconds: number } }) => t.expire_at._seconds * 1000;

/** Any price above 0 makes the voice paid (the paid icon of the post list). */
export const isPaid = (t: { chat_price: number; call_price: number }) => t.chat_price > 0 || t.call_price > 0;
