import { getApi, isApiError } from '@honne/api-client';
import { subCharactersExist } from '@honne/contracts/messages';
import { pointsEndpoints } from '@honne/contracts/points';
import { profileEndpoints, type CharacterList } from '@honne/contracts/profile';
import { BottomSheet, Button, Skeleton, TextField, uiStrings, usePopup } from '@honne/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { strings } from '../../strings.ts';
import { showError } from '../shared/errors.ts';

/**
 * アカウントを削除 (issue 33): what goes with the account, spelled out with the points it holds,
 * and the password asked again before anything is deleted (as LINE and Yay! do). A sub-character
 * goes alone: the sheet says the account and the other characters stay. A parent with
 * sub-characters is refused by the server with the spec's words.
 */
export function DeleteAccount({ onClose }: { onClose: () => void }) {
  const t = strings.deleteSheet;
  const [, navigate] = useLocation();
  const popup = usePopup();
  const [balance, setBalance] = useState<number | null>(null);
  const [characters, setCharacters] = useState<CharacterList | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    const { client } = getApi();
    void client
      .call(pointsEndpoints.balance, {})
      .then(({ data }) => alive && setBalance(data.balance))
      .catch(() => alive && setBalance(null));
    void client
      .call(profileEndpoints.characters, { body: {} })
      .then(({ data }) => alive && setCharacters(data))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  const me = characters?.characters.find((c) => c.is_current);
  const isSub = me ? !me.is_parent : false;
  // Spec: a parent account cannot be deleted while sub-characters exist (the server refuses too).
  // An empty one (never onboarded) does not count: it goes with the parent (walk #28).
  const others = me?.is_parent && characters ? characters.characters.filter((c) => !c.is_current) : [];
  const subs = others.filter((c) => c.is_infomation === 1).length;
  const empty = others.length - subs;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!password) {
      setError(t.passwordRequired);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await getApi().client.call(profileEndpoints.deleteSelf, { body: { password } });
      getApi().client.session.clear();
      await popup.alert(isSub ? t.subDeleted(me?.user_name ?? '') : t.deleted);
      navigate(isSub ? '/login' : '/splash', { replace: true });
    } catch (err) {
      setBusy(false);
      const shown = showError(err, ['password']);
      if (shown.fieldErrors.password) setError(shown.fieldErrors.password);
      else if (isApiError(err) && err.kind === 'http' && err.status < 500) void popup.alert(err.message);
      else if (shown.popup) void popup.alert(shown.popup);
    }
  };

  return (
    <BottomSheet title={isSub ? t.subTitle : t.title} onClose={onClose}>
      <form className="hn-stack" noValidate onSubmit={(e) => void submit(e)}>
        {characters === null ? (
          <Skeleton lines={3} />
        ) : subs > 0 ? (
          <p role="note" style={{ margin: 0, fontWeight: 700 }}>
            {subCharactersExist(subs)}
          </p>
        ) : (
          <div role="note" className="hn-stack" style={{ gap: 'var(--hn-space-2)' }}>
            <p style={{ margin: 0, fontWeight: 700, color: 'var(--hn-color-danger)' }}>
              {isSub ? t.subLead(me?.user_name ?? '') : t.lead}
            </p>
            <ul className="hn-text-small" style={{ margin: 0, paddingLeft: '1.2em' }}>
              <li>{balance === null ? t.pointsLostUnknown : t.pointsLost(balance)}</li>
              <li>{t.chatsLost}</li>
              <li>{t.irreversible}</li>
              <li>{isSub ? t.subOthersStay : t.allLost}</li>
              {empty > 0 ? <li>{t.emptyCharactersGo(empty)}</li> : null}
            </ul>
          </div>
        )}
        {subs > 0 ? null : (
          <>
            <TextField
              label={t.password}
              type="password"
              autoComplete="current-password"
              value={password}
              error={error}
              onChange={(v) => {
                setPassword(v);
                setError(undefined);
              }}
            />
            <Button type="submit" variant="destructive" block loading={busy} disabled={characters === null}>
              {t.confirm}
            </Button>
          </>
        )}
        <Button variant="secondary" block onClick={onClose} disabled={busy}>
          {subs > 0 ? uiStrings.close : strings.cancel}
        </Button>
      </form>
    </BottomSheet>
  );
}
