import { MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions, uploads } from '../../db/schema/index.js';
import { createOwner, uploadAs } from '../../test/factories/institutions.js';
import { expectGuarded } from '../../test/guards.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let school: Awaited<ReturnType<TestApp['createSchool']>>;
let owner: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await t.createSchool();
  owner = await createOwner(t);
});
afterAll(() => t.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Hillside School',
  academic_year: '2026-27',
  ...overrides,
});
const edit = (id: string, payload: unknown, headers = bearer(owner.token)) =>
  t.app.inject({ method: 'PATCH', url: `/api/institutions/${id}`, payload: payload as object, headers });

describe('PATCH /api/institutions/{id} with a new logo', () => {
  it('is for owners only', async () => {
    const logo = await uploadAs(t, owner.token, 'guarded.png');
    const url = `/api/institutions/${school.institution.id}`;
    await expectGuarded(t, school, { method: 'PATCH', url, payload: body({ nav_logo: logo }) }, ['owner']);
  });

  it('hands the owner’s upload to the institution: its users see it in their header and can load it', async () => {
    const target = await t.createSchool();
    const logo = await uploadAs(t, owner.token, 'new-logo.png', 'PNG');
    const moderatorFiles = await t.fileCookie(target.tokens.moderator);
    // Before, the owner's upload belongs to no institution: the moderator cannot load it.
    expect((await t.app.inject({ url: logo, headers: moderatorFiles })).statusCode).toBe(404);

    const response = await edit(target.institution.id, body({ nav_logo: logo }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.institution.nav_logo).toBe(logo);

    const loaded = await t.app.inject({ url: logo, headers: moderatorFiles });
    expect(loaded.statusCode).toBe(200);
    expect(loaded.body).toBe('PNG');
    // The owner still sees it in the institutions table.
    const ownerFiles = await t.fileCookie(owner.token);
    expect((await t.app.inject({ url: logo, headers: ownerFiles })).statusCode).toBe(200);
    // The header's logo comes from the account, which shows the change at once.
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(target.tokens.moderator) });
    expect(me.json().data.institution_nav_logo).toBe(logo);
    const [file] = await t.db.select().from(uploads).where(eq(uploads.publicUrl, logo));
    expect(file).toMatchObject({ institutionId: target.institution.id, kind: 'logo' });
  });

  it('keeps the logo when none is sent, and accepts an outside https link', async () => {
    const target = await t.createInstitution({ navLogo: '/files/kept.png' });
    const kept = await edit(target.id, body());
    expect(kept.json().data.institution.nav_logo).toBe('/files/kept.png');
    const linked = await edit(target.id, body({ nav_logo: 'https://cdn.example.com/logo.png' }));
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data.institution.nav_logo).toBe('https://cdn.example.com/logo.png');
  });

  it('accepts the institution’s own logo sent again', async () => {
    const target = await t.createInstitution();
    const logo = await uploadAs(t, owner.token, 'again.png');
    expect((await edit(target.id, body({ nav_logo: logo }))).statusCode).toBe(200);
    expect((await edit(target.id, body({ nav_logo: logo, title: 'Renamed' }))).statusCode).toBe(200);
  });

  it.each<[string, () => Promise<string>, string]>([
    ['a link to no stored file', async () => '/files/portal/nothing-here.png', MESSAGES.uploadAgain],
    ['a script link', async () => 'javascript:alert(1)', MESSAGES.uploadAgain],
    ['an empty value', async () => '', MESSAGES.fillTheForm],
    [
      'another institution’s file',
      async () => uploadAs(t, school.tokens.moderator, 'theirs.png'),
      MESSAGES.uploadAgain,
    ],
    ['a logo given to another institution', async () => claimedElsewhere(), MESSAGES.uploadAgain],
    ['a file that is not a picture', async () => uploadAs(t, owner.token, 'notes.pdf'), MESSAGES.imageOnly],
  ])('refuses %s on nav_logo and changes nothing', async (_, logoOf, message) => {
    const target = await t.createInstitution({ title: 'Unchanged', navLogo: '/files/before.png' });
    const response = await edit(target.id, body({ nav_logo: await logoOf() }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.nav_logo).toBe(message);
    const [row] = await t.db.select().from(institutions).where(eq(institutions.id, target.id));
    expect(row).toMatchObject({ title: 'Unchanged', navLogo: '/files/before.png' });
  });

  it('answers 404 for an unknown or archived institution, and leaves the upload unclaimed', async () => {
    const archived = await t.createInstitution({ visibility: false });
    const logo = await uploadAs(t, owner.token, 'lost.png');
    for (const id of ['00000000-0000-4000-8000-000000000000', archived.id]) {
      expect((await edit(id, body({ nav_logo: logo }))).statusCode).toBe(404);
    }
    const [file] = await t.db.select().from(uploads).where(eq(uploads.publicUrl, logo));
    expect(file?.institutionId).toBeNull();
  });
});

/** An owner's upload already made the logo of another institution. */
async function claimedElsewhere(): Promise<string> {
  const other = await t.createInstitution();
  const logo = await uploadAs(t, owner.token, 'elsewhere.png');
  const response = await edit(other.id, body({ nav_logo: logo }));
  expect(response.statusCode).toBe(200);
  return logo;
}
