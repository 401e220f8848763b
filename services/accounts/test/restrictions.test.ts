import { eventually, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { startHarness } from './harness.ts';
import { safetyBeside } from './safety-beside.ts';

// A suspension, end to end across accounts and the moderation service on one bus: a user reports
// another through accounts' endpoint; a moderator suspends the person in the console; none of their
// characters can sign in and every session of theirs ends; lifting it lets them in again.
describe.each(infraModes())('a suspension acts on the whole person ($name)', (mode) => {
  it(
    'refuses sign-in to every character, ends their sessions, and lets them back after a lift',
    { timeout: 120_000 },
    async () => {
      const h = await startHarness(mode);
      const beside = await safetyBeside(h, mode);
      const { safety, consoleReq } = beside;
      try {
        const a = await h.register('a-restrict@example.jp');
        const added = await h.post('/users/add_myusers', {}, h.as(a.caller));
        expect(added.statusCode).toBe(200);
        const character = added.json().data.id as string;
        const b = await h.register('b-restrict@example.jp');
        // Safety learns whose characters these are from accounts' events.
        await eventually(async () => {
          const rows = await safety.ctx.db
            .selectFrom('people')
            .select('user_id')
            .where('user_id', 'in', [a.user_id, character])
            .execute();
          if (rows.length !== 2) throw new Error('cards not there yet');
        }, 15_000);

        const reported = await h.app.inject({
          method: 'PUT',
          url: '/users/user_report',
          payload: { user_id: character, report: '勧誘してくる' },
          headers: h.as(b.caller),
        });
        expect(reported.json()).toMatchObject({ data: { message: 'success' } });
        const report = await eventually(async () => {
          const row = await safety.ctx.db
            .selectFrom('reports')
            .selectAll()
            .where('reporter_id', '=', b.user_id)
            .executeTakeFirst();
          if (row?.state !== 'queued') throw new Error('not filed yet');
          return row;
        }, 15_000);

        const { token } = await beside.signIn();
        const suspended = await consoleReq(
          'POST',
          `/admin/safety/subjects/${report.subject_id}/actions/suspend`,
          token,
          {
            reason: '勧誘',
            hours: 24,
            report_id: report.id,
          },
        );
        expect(suspended.statusCode).toBe(200);

        // The parent's session (the one that added the character) ends; its token stops working.
        await eventually(async () => {
          if (await h.ctx.tokens.verify(a.access_token, h.clock.now())) throw new Error('session still live');
        }, 15_000);
        const login = await h.post('/users/login', { email: 'a-restrict@example.jp', password: 'password123' });
        expect(login.statusCode).toBe(403);
        expect(login.json().code).toBe('account_restricted');
        // The refusal hands a notice token: it reads the notice and appeals while still suspended.
        const noticeCaller = await h.ctx.tokens.verify(login.json().notice_token as string, h.clock.now());
        expect(noticeCaller).toMatchObject({ userId: a.user_id, scope: 'notices' });
        const notices = await safety.app.inject({
          method: 'GET',
          url: '/safety/notices',
          headers: h.as(noticeCaller!),
        });
        const notice = notices.json().data[0];
        expect(notice).toMatchObject({ action: 'suspend', appealed: false });
        expect(notice.until).not.toBeNull();
        const appealed = await safety.app.inject({
          method: 'POST',
          url: `/safety/notices/${notice.id}/appeal`,
          headers: h.as(noticeCaller!),
          payload: { content: '勧誘はしていません。' },
        });
        expect(appealed.statusCode).toBe(200);
        // It is no session: nothing refreshes it into one.
        const refreshed = await h.app.inject({
          method: 'POST',
          url: '/users/refresh_token',
          headers: h.as(noticeCaller!),
        });
        expect(refreshed.statusCode).toBe(401);
        // Others are untouched.
        expect(await h.ctx.tokens.verify(b.access_token, h.clock.now())).toBeDefined();

        const subject = suspended.json().data.event.subject_id as string;
        expect(
          (await consoleReq('POST', `/admin/safety/subjects/${subject}/actions/lift`, token, { reason: '解除' }))
            .statusCode,
        ).toBe(200);
        await eventually(async () => {
          const again = await h.post('/users/login', { email: 'a-restrict@example.jp', password: 'password123' });
          if (again.statusCode !== 200) throw new Error(`still refused: ${again.body}`);
        }, 15_000);
      } finally {
        await beside.close();
        await h.close();
      }
    },
  );
});
