// Who a sign-in link is for: the organization's first owner, made once on first use (so the
// organization-wide link of before members keeps working), or the member with the given email.
import { describe, expect, it } from 'vitest';
import { memberForSignIn, placeholderOwnerEmail } from '../../../functions/core/members/members.ts';
import { memoryMemberPorts } from '../../support/members.ts';

const CLI = { actor: { type: 'cli' as const, id: 'ops' } };

describe('memberForSignIn', () => {
  it("makes the organization's first owner once, and records it", async () => {
    const ports = memoryMemberPorts();
    const first = await memberForSignIn(ports, 'acme', CLI);
    expect(first).toMatchObject({ role: 'owner', email: placeholderOwnerEmail('acme') });
    expect(await memberForSignIn(ports, 'acme', CLI)).toEqual(first);
    expect((await ports.members.list('acme')).members).toHaveLength(1);
    const records = (ports.audit.auditLog as unknown as { records: Array<{ record: { action: string } }> })
      .records;
    expect(records.map((r) => r.record.action)).toEqual(['member.invited', 'member.invited']);
  });

  it('makes the first owner with the email given, then finds members by email only', async () => {
    const ports = memoryMemberPorts();
    expect(await memberForSignIn(ports, 'acme', CLI, 'Olivia@Example.com')).toMatchObject({
      role: 'owner',
      email: 'olivia@example.com',
    });
    expect(await memberForSignIn(ports, 'acme', CLI, 'OLIVIA@example.com')).toMatchObject({
      email: 'olivia@example.com',
    });
    expect(await memberForSignIn(ports, 'acme', CLI, 'stranger@example.com')).toBeUndefined();
    expect(await memberForSignIn(ports, 'other', CLI)).toMatchObject({ email: 'owner@other.invalid' });
  });
});
