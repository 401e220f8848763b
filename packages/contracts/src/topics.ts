// Schemas for themes, voices, history and replies (spec topics-chat-calls §1–§9) land with issue 4.
import type { EndpointDef } from './common.ts';

export const topicsEndpoints: Record<string, EndpointDef> = {};
