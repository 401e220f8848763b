import { getApi, isApiError, userMessage } from '@honne/api-client';
import type { UserProfile } from '@honne/contracts/accounts';
import { profileEndpoints, type Named } from '@honne/contracts/profile';
import { topicsEndpoints, type Category, type SubCategory } from '@honne/contracts/topics';
import { usePopup } from '@honne/ui';
import { useCallback } from 'react';

/** The page's one API client (shared with the shell: same session, same 401 handler). */
export const client = () => getApi().client;
const call: ReturnType<typeof client>['call'] = (endpoint, input) => client().call(endpoint, input);

export { topicsEndpoints as T };

/** Spec §3: an area named Shikoku is left out of area lists. */
const SHIKOKU = '四国';

let categories: Promise<Category[]> | undefined;
const subCategories = new Map<number, Promise<SubCategory[]>>();
let areas: Promise<Named[]> | undefined;
let ages: Promise<Named[]> | undefined;

const once = <T>(p: Promise<T>, reset: () => void): Promise<T> =>
  p.catch((e: unknown) => {
    reset();
    throw e;
  });

/** Reference data, loaded once per page (it changes only with a migration). */
export const reference = {
  categories: () =>
    (categories ??= once(
      call(topicsEndpoints.categories).then((r) => r.data),
      () => (categories = undefined),
    )),
  subCategories: (categoryId: number) => {
    let p = subCategories.get(categoryId);
    if (!p) {
      p = once(
        call(topicsEndpoints.subCategories, { query: { category_id: categoryId } }).then((r) => r.data),
        () => subCategories.delete(categoryId),
      );
      subCategories.set(categoryId, p);
    }
    return p;
  },
  /** A sub-category's gate state changes when it is unlocked: forget the cached list. */
  forgetSubCategories: (categoryId: number) => subCategories.delete(categoryId),
  /** GET /areas: id 1 = 全国 (all areas) first, then the prefectures. */
  areas: () =>
    (areas ??= once(
      call(profileEndpoints.areas).then((r) => r.data.filter((a) => a.name !== SHIKOKU)),
      () => (areas = undefined),
    )),
  ages: () =>
    (ages ??= once(
      call(profileEndpoints.ages).then((r) => r.data),
      () => (ages = undefined),
    )),
};

export const profile = (): Promise<UserProfile> => getApi().accounts.profile();

export const myUserId = (): string | null => getApi().client.session.get()?.user_id ?? null;

/**
 * Says a failed call in a popup (spec §8: 想定しないエラーが発生しました。, or the offline text,
 * or the server's own Japanese message for a 4xx); a signed-in 401 is the shell's to handle.
 */
export function useFail() {
  const popup = usePopup();
  return useCallback(
    (e: unknown) => {
      if (isApiError(e) && e.kind === 'unauthorized') return;
      if (e instanceof DOMException && e.name === 'AbortError') return;
      void popup.alert(userMessage(e));
    },
    [popup],
  );
}
