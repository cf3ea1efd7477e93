import { sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.js';
import type { Database } from '../client.js';
import { batches, faculties, institutions, students, users } from '../schema/index.js';

export const DEMO_PASSWORD = 'Demo@12345';

export const DEMO_ACCOUNTS = [
  { username: 'owner', role: 'owner' },
  { username: 'moderator', role: 'moderator' },
  { username: 'faculty', role: 'faculty' },
  { username: 'faculty2', role: 'faculty' },
  { username: 'student', role: 'student' },
  { username: 'student2', role: 'student' },
] as const;

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return (row?.count ?? 0) === 0;
}

/** The demo institution and its accounts, for a first look at the portal (embedded mode only). */
export async function seedDemo(db: Database, academicYear = currentAcademicYear(new Date())): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [institution] = await tx
      .insert(institutions)
      .values({ title: 'Greenwood High School', academicYear, timeZone: 'Asia/Kolkata' })
      .returning();
    const institutionId = institution!.id;
    const batchRows = await tx
      .insert(batches)
      .values([
        { institutionId, title: 'Class 8 A', academicYear },
        { institutionId, title: 'Class 9 A', academicYear },
        { institutionId, title: 'Class 10 A', academicYear },
      ])
      .returning();
    const account = (username: string, permission: 'owner' | 'moderator' | 'faculty' | 'student') => ({
      username,
      passwordHash,
      permission,
      institutionId: permission === 'owner' ? null : institutionId,
      email: permission === 'owner' || permission === 'moderator' ? `${username}@greenwood.example` : null,
    });
    const created = await tx
      .insert(users)
      .values(DEMO_ACCOUNTS.map((demo) => account(demo.username, demo.role)))
      .returning({ id: users.id, username: users.username });
    const userId = (username: string) => created.find((row) => row.username === username)!.id;

    await tx.insert(faculties).values([
      {
        institutionId,
        userId: userId('faculty'),
        name: 'Anita Sharma',
        gender: 'female',
        email: ['faculty@greenwood.example'],
        mobile: ['9800000001'],
        prn: 'FAC-001',
        designation: 'Senior Teacher',
      },
      {
        institutionId,
        userId: userId('faculty2'),
        name: 'Rahul Verma',
        gender: 'male',
        email: ['faculty2@greenwood.example'],
        mobile: ['9800000002'],
        prn: 'FAC-002',
        designation: 'Teacher',
      },
    ]);
    await tx.insert(students).values([
      {
        institutionId,
        userId: userId('student'),
        batchId: batchRows[2]!.id,
        name: 'Priya Nair',
        gender: 'female',
        dateOfBirth: '2011-04-12',
        admissionYear: academicYear,
        email: ['student@greenwood.example'],
        mobile: ['9900000001'],
        prn: 'STU-001',
        fatherName: 'Suresh Nair',
        motherName: 'Lakshmi Nair',
      },
      {
        institutionId,
        userId: userId('student2'),
        batchId: batchRows[2]!.id,
        name: 'Arjun Mehta',
        gender: 'male',
        dateOfBirth: '2011-09-30',
        admissionYear: academicYear,
        email: ['student2@greenwood.example'],
        mobile: ['9900000002'],
        prn: 'STU-002',
      },
    ]);
  });
}

/** Academic years start in June: November 2026 is in 2026-27. */
export function currentAcademicYear(today: Date): string {
  const start = today.getUTCMonth() >= 5 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
