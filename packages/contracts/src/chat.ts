// Schemas for rooms and messages (spec topics-chat-calls) land with issue 5.
import type { EndpointDef } from './common.ts';

export const chatEndpoints: Record<string, EndpointDef> = {};
