import { useEffect, useRef, useState } from 'react';

import { getApi } from '@honne/api-client';
import { messages } from '@honne/contracts/messages';
import { profileEndpoints, type CharacterList } from '@honne/contracts/profile';
import { Avatar, BottomSheet, Button, Loader, PlusIcon, Skeleton, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { clearProgress } from '../registration/progress.ts';
import { useReport } from '../shared/useReport.ts';

/**
 * The 3-character switcher (spec §2 modal types): the account's characters; switching starts a
 * session as that character and reloads into the guard (a new one goes through onboarding);
 * adding is offered only while fewer than 3 and keeps the session: the new character is in the
 * list at once, a tap away (the spec's 'log in again' is not needed, docs/strings.md).
 */
export function CharactersSheet({ onClose }: { onClose: () => void }) {
  const popup = usePopup();
  const report = useReport();
  const [list, setList] = useState<CharacterList | null>(null);
  const [busy, setBusy] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    let alive = true;
    getApi()
      .client.call(profileEndpoints.characters, { body: {} })
      .then((r) => alive && setList(r.data))
      .catch((e: unknown) => {
        if (!alive) return;
        report(e);
        close.current();
      });
    return () => {
      alive = false;
    };
  }, [report]);

  const switchTo = async (id: string) => {
    setBusy(true);
    try {
      await getApi().accounts.switchCharacter(id);
      // Onboarding progress belongs to the character that made it.
      clearProgress(getApi().client.storage);
      // A fresh page: every screen and the real-time socket start again as the new character.
      window.location.assign('/');
    } catch (e) {
      report(e);
      setBusy(false);
    }
  };

  // The new character joins the list; the session stays (it used to log out, and the user had to
  // log in again before a switch to the new character worked).
  const add = async () => {
    setBusy(true);
    try {
      const { data } = await getApi().client.call(profileEndpoints.addCharacter);
      const fresh = await getApi().client.call(profileEndpoints.characters, { body: {} });
      setList(fresh.data);
      setBusy(false);
      await popup.alert(data.message || messages.characterAdded);
    } catch (e) {
      report(e);
      setBusy(false);
    }
  };

  return (
    <BottomSheet title={strings.charactersTitle} onClose={onClose}>
      <div className="hn-stack">
        <p className="hn-text-small hn-text-muted" style={{ margin: 0 }}>
          {strings.charactersLead}
        </p>
        {list ? (
          <ul className="hn-list" style={{ borderRadius: 'var(--hn-radius-md)' }}>
            {list.characters.map((c) => {
              const name = c.user_name ?? strings.unnamedCharacter;
              const body = (
                <>
                  <Avatar src={c.profile_image} alt="" size={44} />
                  <span className="hn-row__label" style={{ display: 'flex', flexDirection: 'column' }}>
                    <span style={{ fontWeight: 700 }}>{name}</span>
                    <span className="hn-text-small hn-text-muted">
                      {[c.is_parent ? strings.parentCharacter : null, c.is_current ? strings.currentCharacter : null]
                        .filter(Boolean)
                        .join('・')}
                    </span>
                  </span>
                </>
              );
              return (
                <li key={c.id} className="hn-row">
                  {c.is_current ? (
                    <div className="hn-row__body" aria-current="true">
                      {body}
                    </div>
                  ) : (
                    <button
                      type="button"
                      className="hn-row__body hn-row__body--button"
                      aria-label={strings.switchTo(name)}
                      onClick={() => void switchTo(c.id)}
                    >
                      {body}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        ) : (
          <Skeleton lines={3} height={44} />
        )}
        {list?.can_add ? (
          <Button variant="secondary" block onClick={() => void add()} loading={busy}>
            <PlusIcon size={20} />
            {strings.addCharacter}
          </Button>
        ) : list ? (
          <p className="hn-text-small hn-text-muted hn-text-center" style={{ margin: 0 }}>
            {strings.charactersFull}
          </p>
        ) : null}
      </div>
      {busy ? <Loader /> : null}
    </BottomSheet>
  );
}
