import {
  AccessToken,
  RoomServiceClient,
  TrackSource,
  WebhookReceiver,
  type Room,
  type WebhookEvent,
} from 'livekit-server-sdk';

export interface LiveKitConfig {
  /** Where this service reaches LiveKit's API. */
  url: string;
  /** What browsers connect to (ws:// or wss://). */
  publicUrl: string;
  apiKey: string;
  apiSecret: string;
}

/**
 * A participant token is only good for joining: LiveKit keeps a joined participant's session
 * alive by refreshing its token itself, so a short life only narrows the window for a leaked one.
 */
export const PARTICIPANT_TOKEN_TTL_SECONDS = 10 * 60;

/** A 1:1 call never holds more than its two parties. */
const CALL_MAX_PARTICIPANTS = 2;
/** How long an unused room lives when nobody joins, so a failed call does not leave rooms behind. */
const CALL_EMPTY_TIMEOUT_SECONDS = 60;

export interface ParticipantTokenRequest {
  room: string;
  /** The honne user id: LiveKit's participant identity, so webhooks name the user directly. */
  identity: string;
  name?: string;
  /** Shown to the other participant: never anything that names the user. */
  metadata?: string;
  ttlSeconds?: number;
}

export interface RoomSummary {
  name: string;
  participants: number;
  createdAt: Date;
}

/**
 * The calls service's only door to LiveKit: rooms are created, listed and deleted here, and
 * every participant token is minted here with a grant scoped to one room.
 */
export class LiveKit {
  readonly #rooms: RoomServiceClient;

  constructor(readonly config: LiveKitConfig) {
    this.#rooms = new RoomServiceClient(config.url, config.apiKey, config.apiSecret, {
      failover: false,
      requestTimeout: 10,
    });
  }

  /** Audio only: participants may publish their microphone and data, never video or screens. */
  async mintParticipantToken(request: ParticipantTokenRequest): Promise<string> {
    const token = new AccessToken(this.config.apiKey, this.config.apiSecret, {
      identity: request.identity,
      ttl: request.ttlSeconds ?? PARTICIPANT_TOKEN_TTL_SECONDS,
      ...(request.name === undefined ? {} : { name: request.name }),
      ...(request.metadata === undefined ? {} : { metadata: request.metadata }),
    });
    token.addGrant({
      room: request.room,
      roomJoin: true,
      canPublish: true,
      canPublishSources: [TrackSource.MICROPHONE],
      canSubscribe: true,
      canPublishData: true,
      canUpdateOwnMetadata: false,
    });
    return token.toJwt();
  }

  async createRoom(name: string): Promise<RoomSummary> {
    const room = await this.#rooms.createRoom({
      name,
      maxParticipants: CALL_MAX_PARTICIPANTS,
      emptyTimeout: CALL_EMPTY_TIMEOUT_SECONDS,
    });
    return summary(room);
  }

  /** All rooms, or those of the given names that exist. */
  async listRooms(names?: string[]): Promise<RoomSummary[]> {
    const rooms = await this.#rooms.listRooms(names);
    return rooms.map(summary);
  }

  /** A webhook's event once its signature (Authorization: a JWT over the body's hash) checks out. */
  async receiveWebhook(body: string, authorization: string | undefined): Promise<WebhookEvent> {
    return new WebhookReceiver(this.config.apiKey, this.config.apiSecret).receive(body, authorization);
  }

  /**
   * Whether someone with `identity` other than participant `sid` is in the room: a side that
   * rejoined (a reload takes the same identity) while LiveKit still reports its old session leaving.
   */
  async rejoinedAs(room: string, identity: string, sid: string): Promise<boolean> {
    try {
      const present = await this.#rooms.listParticipants(room);
      return present.some((p) => p.identity === identity && p.sid !== sid);
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  /** Ends the call for everyone in it; deleting a room that is already gone is not an error. */
  async deleteRoom(name: string): Promise<void> {
    try {
      await this.#rooms.deleteRoom(name);
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
  }
}

function summary(room: Room): RoomSummary {
  return { name: room.name, participants: room.numParticipants, createdAt: new Date(Number(room.creationTime) * 1000) };
}

function isNotFound(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'status' in err && (err as { status: unknown }).status === 404;
}
