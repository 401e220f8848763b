import { isApiError } from '@honne/api-client';
import type { SubCategory } from '@honne/contracts/topics';
import { BottomSheet, Button, TextField } from '@honne/ui';
import { useState, type FormEvent } from 'react';

import { T, client, reference, useFail } from '../../data/api.ts';
import { strings } from '../../strings.ts';

/**
 * The password gate of a protected sub-category (spec §4): the input must equal its password. Once
 * unlocked it closes itself (`onClose`, as every caller's gate did) and hands the sub-category on.
 */
export function PasswordGate({
  subCategory,
  onClose,
  onUnlocked,
}: {
  subCategory: SubCategory;
  onClose: () => void;
  onUnlocked: (sub: SubCategory) => void;
}) {
  const fail = useFail();
  const [pw, setPw] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSending(true);
    try {
      const r = await client().call(T.unlockSubCategory, { params: { id: subCategory.id }, body: { pw } });
      reference.forgetSubCategories(subCategory.category_id);
      onClose();
      onUnlocked(r.data);
    } catch (err) {
      if (isApiError(err) && err.kind === 'http' && err.status < 500) setError(err.fieldErrors.pw ?? err.serverMessage);
      else fail(err);
    } finally {
      setSending(false);
    }
  };
  return (
    <BottomSheet title={`${subCategory.name}：${strings.passwordTitle}`} onClose={onClose}>
      <form className="tp-form" onSubmit={(e) => void submit(e)}>
        <p className="tp-note">{strings.passwordLead}</p>
        <TextField
          label={strings.passwordLabel}
          type="password"
          value={pw}
          onChange={setPw}
          error={error}
          autoComplete="off"
          autoFocus
        />
        <Button type="submit" block loading={sending} disabled={pw.length === 0}>
          {strings.enter}
        </Button>
      </form>
    </BottomSheet>
  );
}
