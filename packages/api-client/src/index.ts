export { ApiError, isApiError, userMessage, type ApiErrorKind } from './errors.ts';
export {
  STORAGE_KEYS,
  MemoryStorage,
  SessionStore,
  defaultStorage,
  getDeviceId,
  type KeyValueStorage,
  type UserInfo,
  type SessionEndReason,
} from './storage.ts';
export {
  createApiClient,
  buildUrl,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_REFRESH_MARGIN_MS,
  type ApiClient,
  type ApiClientOptions,
  type CallInput,
  type CallResult,
  type DataOf,
} from './client.ts';
export { createAccountsApi, DEVICE_TYPE, type AccountsApi } from './accounts.ts';
export {
  createRealtimeClient,
  CommandNotSent,
  realtimeUrl,
  defaultRealtimeUrl,
  SeqTracker,
  type RealtimeClient,
  type RealtimeOptions,
  type RealtimeStatus,
  type WebSocketFactory,
  type WebSocketLike,
} from './realtime.ts';
export { sendChatMessage } from './chat.ts';
export { prefetchReference, storedReference, REFERENCE_MAX_AGE_MS, type ReferenceData } from './reference.ts';
export { ServerClock, TIME_SYNC_INTERVAL_MS, type ServerClockOptions } from './server-clock.ts';
export { getApi, type HonneApi } from './instance.ts';
export { RealtimeHub, type ChannelSource } from './realtime-hub.ts';
export {
  UnreadStore,
  UNREAD_SYNC_KEY,
  addIncoming,
  clearRoomState,
  friendUnread,
  summaryToState,
  voiceUnread,
  type UnreadState,
} from './unread.ts';
export { CallBridge, type CallActivity, type CallStartRequest } from './calls.ts';
export { onBalanceChanged } from './points.ts';
