import { FRIENDS_PAGE_SIZE, friendsEndpoints, type BlockEntry } from '@honne/contracts/friends';
import { Avatar, EmptyState, Header } from '@honne/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

import { strings } from '../../strings.ts';
import { ensureChatStyles } from '../../styles.ts';
import { client, useFail } from '../shared/api.ts';
import { BlockIcon, UnblockIcon } from '../shared/icons.tsx';
import { SkeletonRows } from '../shared/SkeletonRows.tsx';

ensureChatStyles();

/** /blocklist: blocked users; a row goes when unblock answers true; pages at the bottom until empty. */
export default function BlockList() {
  const [, navigate] = useLocation();
  const fail = useFail();
  const [rows, setRows] = useState<BlockEntry[] | null>(null);
  const [done, setDone] = useState(false);
  const [loading, setLoading] = useState(false);
  const cursor = useRef<string | null>(null);
  const sentinel = useRef<HTMLLIElement>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const r = await client().call(friendsEndpoints.blocks, {
        query: { per_page: FRIENDS_PAGE_SIZE, ...(cursor.current ? { last_doc_id: cursor.current } : {}) },
      });
      cursor.current = r.last_doc_id;
      setDone(r.data.length === 0 || !r.last_doc_id);
      setRows((list) => [...(list ?? []), ...r.data.filter((b) => !list?.some((x) => x.id === b.id))]);
    } catch (error) {
      setRows((list) => list ?? []);
      setDone(true);
      void fail(error);
    } finally {
      setLoading(false);
    }
  }, [fail]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || done || rows === null) return;
    const io = new IntersectionObserver((e) => {
      if (e.some((x) => x.isIntersecting) && !loading) void load();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [done, rows, loading, load]);

  const unblock = async (b: BlockEntry) => {
    try {
      const r = await client().call(friendsEndpoints.unblock, { body: { id: b.user.id } });
      if (r.data === true) setRows((list) => (list ? list.filter((x) => x.id !== b.id) : list));
    } catch (error) {
      void fail(error);
    }
  };

  return (
    <>
      <Header title={strings.blockListTitle} onBack={() => navigate('/settings')} />
      <main className="hn-page" style={{ padding: 0 }} aria-busy={rows === null}>
        {rows === null ? (
          <SkeletonRows />
        ) : rows.length === 0 ? (
          <EmptyState icon={<BlockIcon size={48} />} title={strings.noBlocks} />
        ) : (
          <ul className="ch-list">
            {rows.map((b) => {
              const name = b.user.user_name ?? strings.noName;
              return (
                <li key={b.id} className="ch-friend" data-testid="block-row">
                  <Avatar src={b.user.profile_image} alt="" size={48} />
                  <div className="ch-friend__name">{name}</div>
                  <button
                    type="button"
                    className="hn-icon-button"
                    aria-label={`${name}の${strings.unblock}`}
                    onClick={() => void unblock(b)}
                  >
                    <UnblockIcon />
                  </button>
                </li>
              );
            })}
            {!done ? <li ref={sentinel} aria-hidden="true" style={{ height: 24 }} /> : null}
          </ul>
        )}
      </main>
    </>
  );
}
