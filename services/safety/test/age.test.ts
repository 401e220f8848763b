import {
  AGE_MESSAGES,
  DEFAULT_AGE_FEATURES,
  DEFAULT_AGE_POLICY,
  type AgeAssurance,
  type AgeReview,
} from '@honne/contracts/age';
import { events, type EventPayload } from '@honne/contracts/events';
import { eventually, harnessWithObjectStore, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { ADMIN, startHarness } from './harness.ts';

// Age assurance (issue 28, ADR 0031): a person uploads an ID photo in the app, an operator reads it
// (audited) and approves or rejects it, the photo is gone either way, and the person's state
// (minor / self-declared adult / verified adult) is published for the services that act on it.

/** The smallest valid PNG (1×1), as a phone would send a photo: base64 in a data URL. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const dataUrl = (b: Buffer, type = 'image/png') => `data:${type};base64,${b.toString('base64')}`;

describe.each(infraModes())('age assurance ($name)', (mode) => {
  const suite = harnessWithObjectStore(mode, 'safety/', startHarness);
  /** A decided review's photo is gone: its row holds neither bytes nor a key, the store no object. */
  const photoGone = async (id: string) => {
    const after = await suite.h.ctx.db
      .selectFrom('age_reviews')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.bytes).toBeNull();
    expect(after.object_key).toBeNull();
    if (suite.store) expect(await suite.store.get(`age/${id}`)).toBeUndefined();
  };

  const states = () => {
    const heard: EventPayload<typeof events.personAgeState>[] = [];
    const sub = suite.h.infra.bus.subscribe(events.personAgeState, (e) => void heard.push(e));
    return { heard, sub };
  };

  it('publishes each new person as a self-declared adult, or a minor when a character says 10代', async () => {
    const { h } = suite;
    const { heard, sub } = states();
    if (h.infra.bus.kind === 'nats') await h.infra.bus.flush();
    try {
      const adult = await h.user({ ageId: 3 });
      const teen = await h.user({ ageId: 1 });
      await eventually(() => {
        expect(heard.find((e) => e.person_id === adult.personId)?.state).toBe('self_declared_adult');
        expect(heard.find((e) => e.person_id === teen.personId)?.state).toBe('minor');
      });
      const mine = (await h.asUser('GET', '/safety/age_assurance', teen.userId)).json().data as AgeAssurance;
      expect(mine).toEqual({ state: 'minor', review: 'none', reason: null });
      // A minor has nothing to verify.
      const up = await h.asUser('POST', '/safety/age_assurance/document', teen.userId, { image: dataUrl(PNG) });
      expect(up.statusCode).toBe(403);
      expect(up.json().error).toBe(AGE_MESSAGES.minor);
    } finally {
      sub.unsubscribe();
    }
  });

  it('checks the upload by its bytes and size, not its name or declared type', async () => {
    const { h } = suite;
    const { userId } = await h.user();
    const text = Buffer.from('this is not an image at all, only text');
    const fake = await h.asUser('POST', '/safety/age_assurance/document', userId, {
      image: dataUrl(text, 'image/png'),
    });
    expect(fake.statusCode).toBe(403);
    expect(fake.json().errors).toEqual({ image: AGE_MESSAGES.imageInvalid });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await h.asUser('POST', '/safety/age_assurance/document', userId, { image: dataUrl(big) });
    expect(tooBig.statusCode).toBe(403);
    expect(tooBig.json().errors).toEqual({ image: AGE_MESSAGES.imageTooLarge });
    expect((await h.ctx.db.selectFrom('age_reviews').select('id').where('user_id', '=', userId).execute()).length).toBe(
      0,
    );
  });

  it('an approved document makes every character a verified adult; the photo is gone and its read audited', async () => {
    const { h, store } = suite;
    const admin = await h.signIn(ADMIN);
    const moderator = await h.operator(admin, 'moderator');
    const triage = await h.operator(admin, 'triage');
    const main = await h.user();
    const sub2 = await h.user({ personId: main.personId });
    const { heard, sub } = states();
    if (h.infra.bus.kind === 'nats') await h.infra.bus.flush();
    try {
      const up = await h.asUser('POST', '/safety/age_assurance/document', sub2.userId, { image: dataUrl(PNG) });
      expect(up.statusCode).toBe(200);
      expect(up.json().data).toEqual({ state: 'self_declared_adult', review: 'pending', reason: null });
      // One pending review at a time.
      const again = await h.asUser('POST', '/safety/age_assurance/document', main.userId, { image: dataUrl(PNG) });
      expect(again.statusCode).toBe(409);

      const list = (await h.console('GET', '/admin/safety/age_reviews', triage.token)).json().data as AgeReview[];
      const review = list.find((r) => r.person_id === main.personId)!;
      expect(review).toMatchObject({ status: 'pending', user_id: sub2.userId, has_image: true });
      const row = await h.ctx.db
        .selectFrom('age_reviews')
        .selectAll()
        .where('id', '=', review.id)
        .executeTakeFirstOrThrow();
      if (store) {
        // With object storage the bytes are an object, not in the row.
        expect(row.object_key).toBe(`age/${review.id}`);
        expect(await store.get(row.object_key!)).toEqual(PNG);
      } else {
        expect(Buffer.from(row.bytes!)).toEqual(PNG);
      }

      // Triage may list but not see the photo nor decide.
      expect((await h.console('GET', `/admin/safety/age_reviews/${review.id}/image`, triage.token)).statusCode).toBe(
        403,
      );
      expect((await h.console('POST', `/admin/safety/age_reviews/${review.id}/approve`, triage.token)).statusCode).toBe(
        403,
      );
      const image = await h.console('GET', `/admin/safety/age_reviews/${review.id}/image`, moderator.token);
      expect(image.statusCode).toBe(200);
      expect(Buffer.from(image.json().data.data, 'base64')).toEqual(PNG);
      expect(image.json().data.content_type).toBe('image/png');

      const approved = await h.console('POST', `/admin/safety/age_reviews/${review.id}/approve`, moderator.token);
      expect(approved.statusCode).toBe(200);
      expect(approved.json().data).toMatchObject({
        status: 'approved',
        has_image: false,
        decided_by: `operator:${moderator.id}`,
      });
      expect(
        (await h.console('POST', `/admin/safety/age_reviews/${review.id}/approve`, moderator.token)).statusCode,
      ).toBe(409);

      // The photo is gone: the row holds none, the store has no object, the console finds none.
      await photoGone(review.id);
      expect((await h.console('GET', `/admin/safety/age_reviews/${review.id}/image`, moderator.token)).statusCode).toBe(
        404,
      );

      const audit = await h.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('target', '=', review.id)
        .orderBy('id')
        .execute();
      expect(audit.map((a) => [a.action, a.actor])).toEqual([
        ['age_review.image_read', `operator:${moderator.id}`],
        ['age_review.approve', `operator:${moderator.id}`],
      ]);

      await eventually(() => {
        const e = heard.find((x) => x.person_id === main.personId && x.state === 'verified_adult');
        expect(e?.user_ids.sort()).toEqual([main.userId, sub2.userId].sort());
      });
      for (const who of [main, sub2]) {
        expect((await h.asUser('GET', '/safety/age_assurance', who.userId)).json().data).toEqual({
          state: 'verified_adult',
          review: 'approved',
          reason: null,
        });
      }
      expect(
        (await h.asUser('POST', '/safety/age_assurance/document', main.userId, { image: dataUrl(PNG) })).statusCode,
      ).toBe(409);

      // A character declaring 10代 makes the person a minor, document or not (the safe side).
      await h.user({ personId: main.personId, ageId: 1 });
      await eventually(() => {
        expect(heard.some((x) => x.person_id === main.personId && x.state === 'minor')).toBe(true);
      });
    } finally {
      sub.unsubscribe();
    }
  });

  it('a rejected document leaves the person unverified, tells them why and is deleted too', async () => {
    const { h } = suite;
    const admin = await h.signIn(ADMIN);
    const moderator = await h.operator(admin, 'moderator');
    const who = await h.user();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF rest of a photo')]);
    expect(
      (await h.asUser('POST', '/safety/age_assurance/document', who.userId, { image: jpeg.toString('base64') }))
        .statusCode,
    ).toBe(200);
    const review = (
      (await h.console('GET', '/admin/safety/age_reviews', moderator.token)).json().data as AgeReview[]
    ).find((r) => r.person_id === who.personId)!;
    const empty = await h.console('POST', `/admin/safety/age_reviews/${review.id}/reject`, moderator.token, {
      reason: '',
    });
    expect(empty.statusCode).toBe(403);
    const rejected = await h.console('POST', `/admin/safety/age_reviews/${review.id}/reject`, moderator.token, {
      reason: '生年月日が読み取れません',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      reason: '生年月日が読み取れません',
      has_image: false,
    });
    await photoGone(review.id);
    expect((await h.asUser('GET', '/safety/age_assurance', who.userId)).json().data).toEqual({
      state: 'self_declared_adult',
      review: 'rejected',
      reason: '生年月日が読み取れません',
    });
    // They may try again with a better photo.
    expect(
      (await h.asUser('POST', '/safety/age_assurance/document', who.userId, { image: dataUrl(PNG) })).statusCode,
    ).toBe(200);
  });

  it('keeps the contact policy: moderators change it (audited, published), triage reads, a pair with a minor is refused', async () => {
    const { h } = suite;
    const admin = await h.signIn(ADMIN);
    const moderator = await h.operator(admin, 'moderator');
    const triage = await h.operator(admin, 'triage');
    const heard: EventPayload<typeof events.agePolicyChanged>[] = [];
    const sub = h.infra.bus.subscribe(events.agePolicyChanged, (e) => void heard.push(e));
    if (h.infra.bus.kind === 'nats') await h.infra.bus.flush();
    try {
      const got = await h.console('GET', '/admin/safety/age_policy', triage.token);
      expect(got.statusCode, got.body).toBe(200);
      const before = got.json().data;
      expect(before.policy).toEqual(DEFAULT_AGE_POLICY);
      const withMinor = await h.console('PUT', '/admin/safety/age_policy', moderator.token, {
        contact_pairs: [['minor', 'minor']],
      });
      expect(withMinor.statusCode).toBe(403);
      expect(withMinor.json().errors).toEqual({ contact_pairs: AGE_MESSAGES.policyMinor });
      expect((await h.console('PUT', '/admin/safety/age_policy', triage.token, { contact_pairs: [] })).statusCode).toBe(
        403,
      );
      const set = await h.console('PUT', '/admin/safety/age_policy', moderator.token, {
        contact_pairs: [
          ['self_declared_adult', 'verified_adult'],
          ['verified_adult', 'verified_adult'],
          ['verified_adult', 'self_declared_adult'],
        ],
      });
      expect(set.statusCode).toBe(200);
      const pairs = [
        ['self_declared_adult', 'verified_adult'],
        ['verified_adult', 'verified_adult'],
      ];
      expect(set.json().data).toMatchObject({
        policy: { contact_pairs: pairs },
        updated_by: `operator:${moderator.id}`,
      });
      await eventually(() => expect(heard.at(-1)?.contact_pairs).toEqual(pairs));
      const audit = await h.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'age_policy.set').execute();
      expect(audit.some((a) => a.actor === `operator:${moderator.id}`)).toBe(true);
    } finally {
      // Back to the default for the other tests of this schema.
      await h.console('PUT', '/admin/safety/age_policy', moderator.token, {
        contact_pairs: DEFAULT_AGE_POLICY.contact_pairs,
      });
      sub.unsubscribe();
    }
  });

  it('keeps the feature policy (ADR 0038): admins change it (audited, published), moderators and triage only read it', async () => {
    const { h } = suite;
    const admin = await h.signIn(ADMIN);
    const boss = await h.operator(admin, 'admin');
    const moderator = await h.operator(admin, 'moderator');
    const triage = await h.operator(admin, 'triage');
    const heard: EventPayload<typeof events.agePolicyChanged>[] = [];
    const sub = h.infra.bus.subscribe(events.agePolicyChanged, (e) => void heard.push(e));
    if (h.infra.bus.kind === 'nats') await h.infra.bus.flush();
    const gated = {
      ...DEFAULT_AGE_FEATURES,
      // Deduplicated and put in the order of the states, whatever order the console sends.
      paid_calls: ['verified_adult', 'verified_adult'],
      anonymous: ['verified_adult', 'self_declared_adult'],
    };
    try {
      const before = (await h.console('GET', '/admin/safety/age_policy', triage.token)).json().data;
      expect(before.policy.features).toEqual(DEFAULT_AGE_FEATURES);
      for (const who of [moderator, triage]) {
        const refused = await h.console('PUT', '/admin/safety/age_policy/features', who.token, gated);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json().code).toBe('not_allowed');
      }
      expect((await h.console('GET', '/admin/safety/age_policy', triage.token)).json().data.policy.features).toEqual(
        DEFAULT_AGE_FEATURES,
      );
      const set = await h.console('PUT', '/admin/safety/age_policy/features', boss.token, gated);
      expect(set.statusCode, set.body).toBe(200);
      const features = {
        ...DEFAULT_AGE_FEATURES,
        paid_calls: ['verified_adult'],
        anonymous: ['self_declared_adult', 'verified_adult'],
      };
      expect(set.json().data).toMatchObject({
        // The contact pairs stay as they were.
        policy: { contact_pairs: DEFAULT_AGE_POLICY.contact_pairs, features },
        updated_by: `operator:${boss.id}`,
      });
      await eventually(() => expect(heard.at(-1)?.features).toEqual(features));
      expect(heard.at(-1)?.contact_pairs).toEqual(DEFAULT_AGE_POLICY.contact_pairs);
      // A moderator's contact-pair change keeps the features an admin set.
      const pairs = await h.console('PUT', '/admin/safety/age_policy', moderator.token, {
        contact_pairs: DEFAULT_AGE_POLICY.contact_pairs,
      });
      expect(pairs.json().data.policy.features).toEqual(features);
      const audit = await h.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'age_features.set')
        .execute();
      expect(audit.map((a) => a.actor)).toContain(`operator:${boss.id}`);
    } finally {
      await h.console('PUT', '/admin/safety/age_policy/features', boss.token, DEFAULT_AGE_FEATURES);
      sub.unsubscribe();
    }
  });
});
