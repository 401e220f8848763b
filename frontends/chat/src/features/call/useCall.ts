import { getApi, type CallStartRequest } from '@honne/api-client';
import { usePopup } from '@honne/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { strings } from '../../strings.ts';
import { useFail } from '../shared/api.ts';

import { callApi, type CallUpdate } from './call-api.ts';
import { MicError } from './media/microphone.ts';
import type { Recording } from './recorder/useRecorder.ts';
import type { CallSession } from './model.ts';

const t = strings.calls;
const MIC_MESSAGE = { insecure: t.micInsecure, denied: t.micDenied, absent: t.micAbsent } as const;

/** Spec §4 / §9: how long an outcome stays on screen before the call returns to none. */
const HOLD_MS: Partial<Record<CallSession['state'], number>> = { busy: 1000, refuse: 3000, unable_connect: 1000 };

interface MediaHandle {
  prepare(): Promise<void>;
  release(): void;
  mediaState: string | null;
}

/**
 * The call as the server tells it (real-time events, and the current call again after a
 * reconnect), and the user's actions on it. Outcomes show the spec §8 message and then clear.
 */
export function useCall() {
  const api = getApi();
  const popup = usePopup();
  const fail = useFail();
  const navigate = useNavigate();
  const [call, setCall] = useState<CallSession | null>(null);
  const [request, setRequest] = useState<CallStartRequest | null>(null);
  const [savedGreeting, setSavedGreeting] = useState<Recording | null>(null);
  const [greeting, setGreeting] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const media = useRef<MediaHandle | null>(null);
  const callRef = useRef<CallSession | null>(null);
  callRef.current = call;

  const apply = useCallback(
    (update: CallUpdate) => {
      setCall((prev) => {
        if (prev && update.call.room_id !== prev.room_id && prev.state !== 'none') {
          // A second call while one is under way is the server's to refuse; keep ours.
          return prev;
        }
        return update.call;
      });
      if (update.notice) void popup.alert(update.notice);
    },
    [popup],
  );

  // Server events, and the current call after every (re)connect: a reload mid-call finds it again.
  useEffect(() => {
    const off = api.realtime.subscribe((event) => {
      const update = callApi.parseEvent(event, callRef.current);
      if (update) apply(update);
    });
    const sync = () =>
      void callApi
        .current()
        .then((c) => {
          if (c) setCall(c);
          else if (callRef.current && callRef.current.state !== 'none') setCall(null);
        })
        .catch(() => undefined);
    const offStatus = api.realtime.onStatus((s) => s === 'open' && sync());
    if (api.realtime.status === 'open') sync();
    return () => {
      off();
      offStatus();
    };
  }, [api, apply]);

  // Tell other screens (their call buttons) whether a call is under way.
  const state = call?.state ?? 'none';
  const roomId = call?.room_id ?? null;
  useEffect(() => api.calls.setActivity({ state, room_id: roomId }), [api, state, roomId]);

  // Outcomes stay on screen for the spec's wait, then the call returns to none.
  useEffect(() => {
    const hold = HOLD_MS[state];
    if (state === 'end' || state === 'waiting_review') {
      media.current?.release();
      setCall(null);
      return;
    }
    if (hold === undefined) return;
    media.current?.release();
    const timer = setTimeout(() => setCall(null), hold);
    return () => clearTimeout(timer);
  }, [state]);

  // The callee's ring screen plays the caller's greeting.
  useEffect(() => {
    if (state !== 'receiving' || !roomId) {
      setGreeting(null);
      return;
    }
    let alive = true;
    callApi
      .greetingOf(roomId)
      .then((g) => alive && setGreeting(g))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [state, roomId]);

  // Spec §4: network loss while calling, waiting to connect or connecting ends the call.
  useEffect(() => {
    if (state !== 'calling' && state !== 'waiting_connect' && state !== 'connecting') return;
    const lost = () => {
      void popup.alert(t.networkLost);
      const c = callRef.current;
      if (c) void callApi.act(c.room_id, 'hangup').catch(() => undefined);
      media.current?.release();
      setCall(null);
    };
    window.addEventListener('offline', lost);
    return () => window.removeEventListener('offline', lost);
  }, [state, popup]);

  const micProblem = useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof MicError)) return false;
      void popup.alert(MIC_MESSAGE[error.problem]);
      return true;
    },
    [popup],
  );

  // Any screen's call button lands here (CallBridge): first the greeting recorder.
  useEffect(
    () =>
      api.calls.handle(async (req) => {
        const current = callRef.current;
        if (current && current.state !== 'none') {
          await popup.alert(t.alreadyTalking);
          return;
        }
        if (!navigator.onLine) {
          await popup.alert(t.networkLost);
          return;
        }
        setSavedGreeting(await callApi.myGreeting().catch(() => null));
        setRequest(req);
      }),
    [api, popup],
  );

  /** 'send to partner': the greeting is stored, the microphone opened, then the call placed. */
  const send = useCallback(
    async (recording: Recording) => {
      if (!request || busy) return;
      setBusy(true);
      try {
        await media.current?.prepare();
        if (recording !== savedGreeting) await callApi.uploadGreeting(recording);
        const placed = await callApi.create(request);
        setRequest(null);
        apply(placed);
      } catch (error) {
        if (!micProblem(error)) {
          const notice = callApi.refusalMessage(error);
          if (notice) void popup.alert(notice);
          else void fail(error);
        }
        media.current?.release();
      } finally {
        setBusy(false);
      }
    },
    [request, busy, savedGreeting, apply, micProblem, popup, fail],
  );

  const act = useCallback(
    async (action: 'answer' | 'refuse' | 'hangup') => {
      const c = callRef.current;
      if (!c) return;
      try {
        if (action === 'answer') await media.current?.prepare();
        const update = await callApi.act(c.room_id, action);
        if (update) apply(update);
        if (action !== 'answer') {
          media.current?.release();
          setCall(null);
        }
      } catch (error) {
        if (micProblem(error)) {
          // No microphone, no call: the caller hears a refusal rather than ringing on.
          await callApi.act(c.room_id, 'refuse').catch(() => undefined);
          setCall(null);
          return;
        }
        void fail(error);
      }
    },
    [apply, micProblem, fail],
  );

  const report = useCallback(
    async (content: string) => {
      const c = callRef.current;
      if (!c) return false;
      try {
        await callApi.report(c.room_id, content);
        void popup.alert(t.reportDone);
        return true;
      } catch (error) {
        void fail(error);
        return false;
      }
    },
    [popup, fail],
  );

  const addFriend = useCallback(async () => {
    const c = callRef.current;
    if (!c) return;
    try {
      const added = await callApi.addFriend(c);
      void popup.alert(added ? t.friendAdded : t.alreadyFriends);
      setCall((prev) => (prev && prev.room_id === c.room_id ? { ...prev, is_friend: true } : prev));
    } catch (error) {
      void fail(error);
    }
  }, [popup, fail]);

  const go = useCallback(
    (where: 'chat' | 'present' | 'trumpet') => {
      const c = callRef.current;
      if (!c) return;
      const room = c.chat_room_id ?? c.room_id;
      navigate(where === 'chat' ? `/chat/${room}` : where === 'present' ? `/present/${room}` : `/trumpet/${room}`);
    },
    [navigate],
  );

  return {
    call,
    request,
    savedGreeting,
    greeting,
    busy,
    send,
    cancelRequest: () => setRequest(null),
    answer: () => act('answer'),
    refuse: () => act('refuse'),
    hangUp: () => act('hangup'),
    speaker: () => popup.alert(t.speakerUnsupported),
    report,
    addFriend,
    go,
    bindMedia: (m: MediaHandle) => {
      media.current = m;
    },
  };
}
