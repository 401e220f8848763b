import { startTestContainers } from '@honne/service-kit/containers';

/** vitest globalSetup: PostgreSQL, Redis, NATS and LiveKit in containers when no *_URL names them. */
export default function setup() {
  return startTestContainers({ livekit: true });
}
