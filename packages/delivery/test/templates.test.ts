import { beforeAll, describe, expect, it } from '@jest/globals';
import { createEmailRenderer, RenderError, renderPush } from '../src/index.js';
import { envelope } from './envelope-fixture.js';

const BASE = 'https://app.example';

describe('email templates', () => {
  let renderer: Awaited<ReturnType<typeof createEmailRenderer>>;
  beforeAll(async () => {
    renderer = await createEmailRenderer(`${BASE}/`);
  });

  it('renders responsive HTML with every value escaped, and a plain-text part', () => {
    const email = renderer.render(envelope());
    expect(email.subject).toBe('Your daily recap');
    expect(email.html).toContain('Rock &amp; &quot;roll&quot; &lt;3 you');
    expect(email.html).not.toContain('<3 you');
    expect(email.html).toContain('Tom&#x27;s show');
    expect(email.html).toContain(`href="${BASE}/episodes/p09-a4bbb5dde3?t&#x3D;61"`);
    expect(email.html).toMatch(/<table/);
    expect(email.html).toContain('@media');
    expect(email.unsubscribeUrl).toBe(
      `${BASE}/api/app/comms/unsubscribe?ref=ref%261&type=daily_recap`,
    );
    expect(email.html).toContain('Unsubscribe');
    expect(email.text).toContain('- Rock & "roll" <3 you');
    expect(email.text).toContain(`${BASE}/episodes/p09-a4bbb5dde3?t=61`);
    expect(email.text).toContain(`Unsubscribe: ${email.unsubscribeUrl}`);
    expect(email.text).not.toMatch(/<[a-z]/i);
  });

  it('uses the payload headline as subject, and each template its own wording', () => {
    const digest = renderer.render(
      envelope({
        id: 'dgst_2026W48_u_1',
        type: 'digest',
        template: 'your-week-digest.v1',
        payload: { ...envelope().payload, headline: 'Your week: 3 shows' },
      }),
    );
    expect(digest.subject).toBe('Your week: 3 shows');
    expect(digest.unsubscribeUrl).toContain('type=digest');
  });

  it('refuses to render without an unsubscribe ref, or a push template as email', () => {
    const noRef = envelope({
      consent_snapshot: { digest_enabled: true, cadence: 'weekly', unsubscribe_ref: null },
    });
    expect(() => renderer.render(noRef)).toThrow(RenderError);
    expect(() =>
      renderer.render(envelope({ template: 'resurface-nudge.v1', channel: 'push' })),
    ).toThrow(/not an email template/);
  });
});

describe('push template', () => {
  it('renders resurface-nudge.v1 as title, body and an absolute deep link', () => {
    const push = renderPush(
      envelope({
        id: 'nudg_20261125-0000abcd_u_1',
        channel: 'push',
        type: 'digest',
        template: 'resurface-nudge.v1',
        recipient: {
          push_subscription: {
            endpoint: 'https://push.example/a',
            keys: { p256dh: 'k', auth: 'a' },
          },
        },
      }),
      BASE,
    );
    expect(push).toEqual({
      title: 'Finished today',
      body: 'Rock & "roll" <3 you · Tom\'s show',
      url: `${BASE}/episodes/p09-a4bbb5dde3?t=61`,
      tag: 'nudg_20261125-0000abcd_u_1',
    });
  });
});
