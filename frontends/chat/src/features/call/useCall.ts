import { getApi, isApiError, type CallStartRequest } from '@honne/api-client';
import { CALL_MESSAGES, CALL_TIMERS, type CallView } from '@honne/contracts/calls';
import { pointsEndpoints } from '@honne/contracts/points';
import { useOfferToBuy, usePopup } from '@honne/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

import { strings } from '../../strings.ts';
import { RATING_TYPE, rateSkipped } from '../room/RatingSheet.tsx';
import { useFail } from '../shared/api.ts';

import { callApi, endNote, endNotice, toSession, type PartnerInfo, type PriceAsk } from './call-api.ts';
import { MicError } from './media/microphone.ts';
import type { Recording } from './recorder/useRecorder.ts';
import type { CallSession } from './model.ts';

const t = strings.calls;
const MIC_MESSAGE = { insecure: t.micInsecure, denied: t.micDenied, absent: t.micAbsent } as const;

/** Spec §4 / §9: how long an outcome stays on screen before the call returns to none. */
const HOLD_MS: Partial<Record<CallSession['state'], number>> = {
  busy: CALL_TIMERS.busyWaitMs,
  refuse: CALL_TIMERS.refuseWaitMs,
  unable_connect: CALL_TIMERS.unableWaitMs,
};
const ENDED = new Set<CallSession['state']>(['end', 'disconnect', 'waiting_review', 'none']);
/** How long an ordinary end's note stays (it needs no tap). */
const NOTE_MS = 4000;

export interface MediaHandle {
  prepare(): Promise<void>;
  /** The callee's SDP answer to ride on its callanswer (p2p), or null. */
  answerSdp(): Promise<string | null>;
  release(): void;
}

/**
 * The call as the server tells it ('call.state' events, and GET /calls/current after every
 * (re)connect), with the partner's card, and the user's actions on it. Outcomes show the spec §8
 * message and then clear.
 */
export function useCall() {
  const api = getApi();
  const popup = usePopup();
  const fail = useFail();
  const [, navigate] = useLocation();
  const offerToBuy = useOfferToBuy(navigate);
  const [view, setView] = useState<CallView | null>(null);
  const [partner, setPartner] = useState<{ room: string; info: PartnerInfo } | null>(null);
  const partnerRef = useRef(partner);
  partnerRef.current = partner;
  const [request, setRequest] = useState<CallStartRequest | null>(null);
  const [savedGreeting, setSavedGreeting] = useState<Recording | null>(null);
  const [greeting, setGreeting] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // After a paid call the payer is asked for a review (spec §4 waiting_review), once per call.
  const [review, setReview] = useState<{ roomId: string; partner: string } | null>(null);
  // An ordinary end said in passing (endNote): shown a few seconds, then gone by itself.
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(null), NOTE_MS);
    return () => clearTimeout(timer);
  }, [note]);
  const reviewed = useRef(new Set<string>());
  const media = useRef<MediaHandle | null>(null);
  const viewRef = useRef<CallView | null>(null);
  viewRef.current = view;

  /** A newer word from the server about our call (or a new call when we have none). */
  const apply = useCallback(
    (next: CallView) => {
      const prev = viewRef.current;
      if (prev && prev.id !== next.id && !ENDED.has(prev.state) && !ENDED.has(next.state)) return;
      if (prev && prev.id !== next.id && ENDED.has(next.state)) return;
      viewRef.current = next;
      setView(next);
      if (ENDED.has(next.state) || HOLD_MS[next.state] !== undefined) {
        media.current?.release();
        callApi.forgetSignals(next.id);
        const notice = endNotice(next);
        const passing = endNote(next);
        if (passing) setNote(passing);
        const askReview = () => {
          if (!next.review || reviewed.current.has(next.id) || rateSkipped(next.room_id, RATING_TYPE.call)) return;
          reviewed.current.add(next.id);
          const known = partnerRef.current?.room === next.room_id ? partnerRef.current.info.partner.name : null;
          setReview({ roomId: next.room_id, partner: known ?? strings.noName });
        };
        if (notice) void popup.alert(notice).then(askReview);
        else askReview();
      }
    },
    [popup],
  );

  useEffect(() => {
    const off = api.realtime.subscribe((event) => {
      const next = callApi.parseEvent(event);
      if (next) apply(next);
    });
    // A reload or reconnect mid-call finds the call again.
    const sync = () =>
      void callApi
        .current()
        .then((c) => {
          if (c) apply(c);
          else if (viewRef.current && !ENDED.has(viewRef.current.state)) {
            media.current?.release();
            setView(null);
          }
        })
        .catch(() => undefined);
    const offStatus = api.realtime.onStatus((s) => s === 'open' && sync());
    if (api.realtime.status === 'open') sync();
    return () => {
      off();
      offStatus();
    };
  }, [api, apply]);

  // The partner's card, once per room.
  const roomId = view?.room_id ?? null;
  useEffect(() => {
    if (!roomId || partner?.room === roomId) return;
    let alive = true;
    callApi
      .partner(roomId)
      .then((info) => alive && setPartner({ room: roomId, info }))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [roomId, partner?.room]);

  const call = view ? toSession(view, partner?.room === view.room_id ? partner.info : null) : null;
  const state = view?.state ?? 'none';

  // Tell other screens (their call buttons) whether a call is under way.
  useEffect(
    () => api.calls.setActivity({ state: ENDED.has(state) ? 'none' : state, room_id: roomId }),
    [api, state, roomId],
  );

  // Outcomes stay on screen for the spec's wait, then the call returns to none.
  useEffect(() => {
    if (ENDED.has(state)) {
      setView(null);
      return;
    }
    const hold = HOLD_MS[state];
    if (hold === undefined) return;
    const timer = setTimeout(() => setView(null), hold);
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
      void popup.alert(CALL_MESSAGES.networkLost);
      const v = viewRef.current;
      if (v) void callApi.act(v.room_id, v.id, 'hangup').catch(() => undefined);
      media.current?.release();
      setView(null);
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
        // Peer to peer, the connection waits for the ICE servers: asked now, they are here when it is placed.
        void callApi.iceServers().catch(() => undefined);
        const current = viewRef.current;
        if (current && !ENDED.has(current.state)) {
          await popup.alert(CALL_MESSAGES.alreadyInCall);
          return;
        }
        if (!navigator.onLine) {
          await popup.alert(CALL_MESSAGES.networkLost);
          return;
        }
        // An anonymous caller's greeting is never played (ADR 0021), so no recorder: the call is placed.
        if (req.kind === 'topic' && req.is_anonymous) {
          await placeRef.current(req, null);
          return;
        }
        setSavedGreeting(await callApi.myGreeting().catch(() => null));
        setRequest(req);
      }),
    [api, popup],
  );

  /** A price put to the caller with what they hold; their yes or no (walks #3/#4). */
  const confirmPrice = useCallback(
    async (ask: PriceAsk) => {
      const balance = await getApi()
        .client.call(pointsEndpoints.balance, {})
        .then(({ data }) => data.balance)
        .catch(() => null);
      return popup.confirm(
        ask.kind === 'room'
          ? { message: t.roomPriceConfirm(ask.price, balance), confirmLabel: t.roomPriceOk }
          : ask.kind === 'both'
            ? {
                message: t.roomAndCallPriceConfirm(ask.roomPrice, ask.minutes, ask.price, balance),
                confirmLabel: t.roomPriceOk,
              }
            : { message: t.callPriceConfirm(ask.minutes, ask.price, balance), confirmLabel: t.callPriceOk },
      );
    },
    [popup],
  );

  /** The microphone opened, the greeting (if any) stored, the price confirmed, then the call placed. */
  const place = useCallback(
    async (req: CallStartRequest, recording: Recording | null) => {
      if (busy) return;
      setBusy(true);
      try {
        await media.current?.prepare();
        if (recording && recording !== savedGreeting) await callApi.uploadGreeting(recording);
        const placed = await callApi.create(req, confirmPrice);
        setRequest(null);
        if (placed) apply(placed);
        else media.current?.release();
      } catch (error) {
        media.current?.release();
        if (!micProblem(error)) {
          const notice = callApi.refusalMessage(error);
          if (notice) {
            setRequest(null);
            if (isApiError(error) && (error.code === 'insufficient_points' || error.code === 'points_insufficient'))
              void offerToBuy(notice);
            else void popup.alert(notice);
          } else void fail(error);
        }
      } finally {
        setBusy(false);
      }
    },
    [busy, savedGreeting, apply, confirmPrice, micProblem, popup, offerToBuy, fail],
  );
  const placeRef = useRef(place);
  placeRef.current = place;
  /** 'send to partner' from the recorder. */
  const send = useCallback(
    async (recording: Recording | null) => {
      if (request) await place(request, recording);
    },
    [request, place],
  );

  const act = useCallback(
    async (action: 'answer' | 'refuse' | 'hangup') => {
      const v = viewRef.current;
      if (!v) return;
      try {
        let sdp: string | null = null;
        if (action === 'answer') {
          // The microphone and the answer at once (the answer needs no track: the voice joins its
          // sender when it opens); a microphone that fails still refuses the call before it is answered.
          const [, answer] = await Promise.all([media.current?.prepare(), media.current?.answerSdp()]);
          sdp = answer ?? null;
        }
        apply(await callApi.act(v.room_id, v.id, action, sdp));
      } catch (error) {
        if (micProblem(error)) {
          // No microphone, no call: the caller hears a refusal rather than ringing on.
          await callApi.act(v.room_id, v.id, 'refuse').catch(() => undefined);
          setView(null);
          return;
        }
        if (action !== 'answer') {
          // The call is over for this side whatever the server said (it may have ended already).
          media.current?.release();
          setView(null);
          return;
        }
        void fail(error);
      }
    },
    [apply, micProblem, fail],
  );

  /**
   * A report of the partner: the ring screen's (chat's room report), or 通報する from the talk view
   * (`inCall`: confirmed first; the server then ends the call and blocks the partner).
   */
  const sendReport = useCallback(
    async (content: string, inCall: boolean) => {
      const v = viewRef.current;
      if (!v) return false;
      if (inCall && !(await popup.confirm({ message: t.callReportConfirm, destructive: true }))) return false;
      try {
        await (inCall ? callApi.reportInCall(v.room_id, content) : callApi.report(v.room_id, content));
        void popup.alert(t.reportDone);
        return true;
      } catch (error) {
        void fail(error);
        return false;
      }
    },
    [popup, fail],
  );
  const report = useCallback((content: string) => sendReport(content, false), [sendReport]);
  const reportInCall = useCallback((reason: string) => sendReport(reason, true), [sendReport]);

  const addFriend = useCallback(async () => {
    if (!call) return;
    try {
      const { message, friends } = await callApi.addFriend(call);
      void popup.alert(message);
      if (friends)
        setPartner((p) => (p && p.room === call.room_id ? { ...p, info: { ...p.info, is_friend: true } } : p));
    } catch (error) {
      void fail(error);
    }
  }, [call, popup, fail]);

  const go = useCallback(
    (where: 'chat' | 'present' | 'trumpet') => {
      const v = viewRef.current;
      if (!v) return;
      navigate(
        where === 'chat'
          ? `/chat/${v.room_id}`
          : where === 'present'
            ? `/present/${v.room_id}`
            : `/trumpet/${v.room_id}`,
      );
    },
    [navigate],
  );

  return {
    call,
    /** A newer word from the server about the call (a report's answer). */
    applyView: apply,
    /** The paid call just ended and its payer is asked to rate it. */
    review,
    closeReview: () => setReview(null),
    /** An ordinary end's passing note ('切断されました。11', 不在着信), or null. */
    note,
    request,
    savedGreeting,
    greeting,
    busy,
    send,
    cancelRequest: () => setRequest(null),
    answer: () => act('answer'),
    refuse: () => act('refuse'),
    hangUp: () => act('hangup'),
    /** The owner asks for per-minute charging; the payer answers the request. */
    requestCharge: async () => {
      const v = viewRef.current;
      if (!v) return;
      try {
        apply(await callApi.requestCharge(v.room_id));
        void popup.alert(t.chargeRequested);
      } catch (error) {
        await fail(error);
      }
    },
    confirmCharge: async (approve: boolean, spendCap: number | null = null) => {
      const v = viewRef.current;
      if (!v) return;
      try {
        apply(await callApi.confirmCharge(v.room_id, approve, spendCap));
      } catch (error) {
        await fail(error);
      }
    },
    speaker: () => popup.alert(t.speakerUnsupported),
    report,
    reportInCall,
    addFriend,
    go,
    bindMedia: (m: MediaHandle) => {
      media.current = m;
    },
  };
}
