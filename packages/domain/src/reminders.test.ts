import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readReminderSchedule, reminderScheduleSchema } from './api/reminders';
import { addDays } from './dates';
import {
  DEFAULT_REMINDER_SCHEDULE,
  describeReminderSchedule,
  reminderMessage,
  reminderPlan,
  reminderRecipient,
  reminderStages,
  REMINDER_LIMITS,
  stageRank,
  type ReminderInput,
  type ReminderSchedule,
} from './reminders';

const base: ReminderInput = {
  status: 'sent',
  dueDate: '2026-12-10',
  issuedDate: '2026-11-10',
  amountDue: 12_345,
  paused: false,
  schedule: DEFAULT_REMINDER_SCHEDULE,
  done: [],
  overdueNoticed: false,
  today: '2026-11-20',
};

describe('reminderStages', () => {
  it('makes the default schedule: 3 days before, the due day, 7 days after, then every 14 days three times', () => {
    expect(reminderStages(DEFAULT_REMINDER_SCHEDULE, '2026-12-10')).toEqual([
      { stage: 'before', date: '2026-12-07' },
      { stage: 'due', date: '2026-12-10' },
      { stage: 'after', date: '2026-12-17' },
      { stage: 'repeat_1', date: '2026-12-31' },
      { stage: 'repeat_2', date: '2027-01-14' },
      { stage: 'repeat_3', date: '2027-01-28' },
    ]);
  });

  it('leaves out stages switched off, and those on or before the issued date', () => {
    const schedule = { ...DEFAULT_REMINDER_SCHEDULE, before_days: 0, on_due: false, max: 0 };
    expect(reminderStages(schedule, '2026-12-10')).toEqual([{ stage: 'after', date: '2026-12-17' }]);
    expect(reminderStages({ ...DEFAULT_REMINDER_SCHEDULE, after_days: 0 }, '2026-12-10').map((s) => s.stage)).toEqual([
      'before',
      'due',
    ]);
    // Issued two days before it is due: the "3 days before" reminder would predate the invoice.
    expect(reminderStages(DEFAULT_REMINDER_SCHEDULE, '2026-12-10', '2026-12-08')[0]).toEqual({
      stage: 'due',
      date: '2026-12-10',
    });
    expect(reminderStages(DEFAULT_REMINDER_SCHEDULE, '2026-12-10', '2026-12-07')[0]!.stage).toBe('due');
  });
});

describe('reminderPlan', () => {
  it('waits for the first stage, then sends each on its day', () => {
    expect(reminderPlan(base)).toEqual({ remindNow: null, noticeOverdueNow: false, nextDate: '2026-12-07' });
    expect(reminderPlan({ ...base, today: '2026-12-07' })).toEqual({
      remindNow: { stage: 'before', date: '2026-12-07' },
      noticeOverdueNow: false,
      nextDate: '2026-12-10',
    });
    expect(reminderPlan({ ...base, today: '2026-12-07', done: ['before'] }).remindNow).toBeNull();
  });

  it('sends only the latest stage that is due, never a burst of the ones missed', () => {
    const plan = reminderPlan({ ...base, today: '2027-01-20' });
    expect(plan.remindNow).toEqual({ stage: 'repeat_2', date: '2027-01-14' });
    expect(plan.nextDate).toBe('2027-01-28');
    expect(plan.noticeOverdueNow).toBe(true);
    // Once repeat_2 is done, the earlier stages are behind it for good.
    expect(reminderPlan({ ...base, today: '2027-01-20', done: ['repeat_2'], overdueNoticed: true })).toEqual({
      remindNow: null,
      noticeOverdueNow: false,
      nextDate: '2027-01-28',
    });
    expect(reminderPlan({ ...base, today: '2027-06-01', done: ['repeat_3'], overdueNoticed: true }).nextDate).toBe(
      null,
    );
  });

  it('never reminds a draft, paid, paused, settled, undated or switched-off invoice', () => {
    const today = '2026-12-20';
    for (const input of [
      { status: 'draft' },
      { status: 'paid' },
      { paused: true },
      { amountDue: 0 },
      { dueDate: null },
      { schedule: { ...DEFAULT_REMINDER_SCHEDULE, enabled: false } },
    ]) {
      expect(reminderPlan({ ...base, today, ...input }).remindNow, JSON.stringify(input)).toBeNull();
    }
    // Stored as overdue (marked by hand): reminded, but the owner is not told what they did themselves.
    const overdue = reminderPlan({ ...base, today, status: 'overdue' });
    expect(overdue.remindNow?.stage).toBe('after');
    expect(overdue.noticeOverdueNow).toBe(false);
  });

  it('tells the owner once, the day after the due day, also with reminders paused or off', () => {
    expect(reminderPlan({ ...base, paused: true, today: '2026-12-10' })).toEqual({
      remindNow: null,
      noticeOverdueNow: false,
      nextDate: '2026-12-11',
    });
    expect(reminderPlan({ ...base, paused: true, today: '2026-12-11' }).noticeOverdueNow).toBe(true);
    expect(reminderPlan({ ...base, paused: true, today: '2026-12-11', overdueNoticed: true }).nextDate).toBeNull();
  });
});

const scheduleArb: fc.Arbitrary<ReminderSchedule> = fc.record({
  enabled: fc.boolean(),
  before_days: fc.integer({ min: REMINDER_LIMITS.before_days.min, max: REMINDER_LIMITS.before_days.max }),
  on_due: fc.boolean(),
  after_days: fc.integer({ min: REMINDER_LIMITS.after_days.min, max: REMINDER_LIMITS.after_days.max }),
  repeat_days: fc.integer({ min: REMINDER_LIMITS.repeat_days.min, max: REMINDER_LIMITS.repeat_days.max }),
  max: fc.integer({ min: REMINDER_LIMITS.max.min, max: REMINDER_LIMITS.max.max }),
});
const dayArb = fc.integer({ min: -400, max: 400 }).map((n) => addDays('2026-06-01', n));

/**
 * Runs the scheduler's way of working over a span of days: look on `start`, do what the plan says, look again on
 * its next date (or every day, `daily`), until `end`. Answers what was sent on which day.
 */
function simulate(input: ReminderInput, start: string, end: string, daily: boolean) {
  const sent: Array<{ stage: string; on: string }> = [];
  const notices: string[] = [];
  let today = start;
  let state = { ...input, done: [] as string[], overdueNoticed: false };
  while (today <= end) {
    const plan = reminderPlan({ ...state, today });
    if (plan.remindNow) sent.push({ stage: plan.remindNow.stage, on: today });
    if (plan.noticeOverdueNow) notices.push(today);
    state = {
      ...state,
      done: plan.remindNow ? [...state.done, plan.remindNow.stage] : state.done,
      overdueNoticed: state.overdueNoticed || plan.noticeOverdueNow,
    };
    // What was just done must leave nothing due today, and the next look is always later.
    const after = reminderPlan({ ...state, today });
    expect(after.remindNow).toBeNull();
    expect(after.noticeOverdueNow).toBe(false);
    if (after.nextDate !== null) expect(after.nextDate > today).toBe(true);
    if (daily) today = addDays(today, 1);
    else if (after.nextDate === null) break;
    else today = after.nextDate;
  }
  return { sent, notices };
}

describe('reminderPlan, properties', () => {
  const inputArb = fc.record({
    schedule: scheduleArb,
    due: dayArb,
    issuedBefore: fc.integer({ min: 0, max: 60 }),
    startOffset: fc.integer({ min: -60, max: 200 }),
    status: fc.constantFrom('sent', 'overdue', 'draft', 'paid'),
    paused: fc.boolean(),
  });

  it('sends each stage at most once, in order, one a day at most, first the latest one due', () => {
    fc.assert(
      fc.property(inputArb, ({ schedule, due, issuedBefore, startOffset, status, paused }) => {
        const input = { ...base, schedule, status, paused, dueDate: due, issuedDate: addDays(due, -issuedBefore) };
        const start = addDays(due, startOffset);
        const end = addDays(due, 1000);
        const { sent, notices } = simulate(input, start, end, true);
        const ranks = sent.map((entry) => stageRank(entry.stage));
        expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
        expect(new Set(ranks).size).toBe(ranks.length);
        expect(new Set(sent.map((entry) => entry.on)).size).toBe(sent.length);
        const stages = reminderStages(schedule, due, input.issuedDate);
        const eligible = schedule.enabled && !paused && (status === 'sent' || status === 'overdue');
        if (!eligible) expect(sent).toEqual([]);
        else {
          // The first one sent is the latest stage due on the first day looked at (or the first stage to come).
          const dueAtStart = stages.filter((stage) => stage.date <= start);
          const expectedFirst = dueAtStart.at(-1) ?? stages[0];
          expect(sent[0]?.stage).toBe(expectedFirst?.stage);
          // Every stage after the first day is sent on its own date.
          for (const stage of stages.filter((s) => s.date > start)) {
            expect(sent).toContainEqual({ stage: stage.stage, on: stage.date });
          }
        }
        expect(notices.length).toBe(status === 'sent' ? 1 : 0);
        if (status === 'sent') {
          const overdueOn = addDays(due, 1);
          expect(notices[0]).toBe(overdueOn > start ? overdueOn : start);
        }
      }),
      { numRuns: 50 },
    );
    // Each run simulates about three years day by day: slow on a loaded machine, never a timing assertion.
  }, 120_000);

  it('looking only on the next date it names misses nothing that looking every day finds', () => {
    fc.assert(
      fc.property(inputArb, ({ schedule, due, issuedBefore, startOffset, status, paused }) => {
        const input = { ...base, schedule, status, paused, dueDate: due, issuedDate: addDays(due, -issuedBefore) };
        const start = addDays(due, startOffset);
        const end = addDays(due, 1000);
        expect(simulate(input, start, end, false)).toEqual(simulate(input, start, end, true));
      }),
      { numRuns: 50 },
    );
    // Each run simulates about three years day by day: slow on a loaded machine, never a timing assertion.
  }, 120_000);
});

describe('the schedule as settings', () => {
  it('describes the default schedule in one sentence', () => {
    expect(describeReminderSchedule(DEFAULT_REMINDER_SCHEDULE)).toBe(
      'Unpaid sent invoices are reminded 3 days before the due date, on the due date and 7 days after it, then every 14 days up to 3 more times, by e-mail to the client, until they are paid.',
    );
    expect(describeReminderSchedule({ ...DEFAULT_REMINDER_SCHEDULE, enabled: false })).toMatch(/off/);
    expect(
      describeReminderSchedule({ ...DEFAULT_REMINDER_SCHEDULE, before_days: 1, on_due: false, after_days: 0 }),
    ).toBe(
      'Unpaid sent invoices are reminded 1 day before the due date, by e-mail to the client, until they are paid.',
    );
  });

  it('accepts whole numbers within the bounds and refuses the rest with a message', () => {
    expect(reminderScheduleSchema.safeParse(DEFAULT_REMINDER_SCHEDULE).success).toBe(true);
    for (const [field, value] of [
      ['before_days', -1],
      ['before_days', 31],
      ['after_days', 1.5],
      ['repeat_days', 0],
      ['max', 11],
      ['max', '3'],
      ['enabled', 'yes'],
    ] as const) {
      const parsed = reminderScheduleSchema.safeParse({ ...DEFAULT_REMINDER_SCHEDULE, [field]: value });
      expect(parsed.success, `${field}=${value}`).toBe(false);
      expect(parsed.error!.issues[0]!.path).toEqual([field]);
    }
  });

  it('reads a stored schedule field by field, defaults for what is missing or invalid', () => {
    expect(readReminderSchedule(null)).toEqual(DEFAULT_REMINDER_SCHEDULE);
    expect(readReminderSchedule({ before_days: 5, max: 99, on_due: false })).toEqual({
      ...DEFAULT_REMINDER_SCHEDULE,
      before_days: 5,
      on_due: false,
    });
  });
});

describe('reminder e-mails', () => {
  it('goes to the client’s address, else the first address in the To block', () => {
    expect(reminderRecipient('billing@acme.example', 'Acme\nother@acme.example')).toBe('billing@acme.example');
    expect(reminderRecipient('', 'Acme Corp\nAccounts: pay@acme.example.\nLondon')).toBe('pay@acme.example');
    expect(reminderRecipient(null, 'Acme Corp\nLondon')).toBeNull();
  });

  it('says when the invoice is due or how late it is', () => {
    const input = {
      stage: 'before' as const,
      invoiceNumber: '0042',
      senderName: 'Ada Consulting',
      amountDue: 123_450,
      currency: 'EUR',
      dueDate: '2026-12-10',
      today: '2026-12-07',
      link: 'https://invoicer.example/i/abc',
    };
    expect(reminderMessage(input).subject).toBe('Reminder: invoice 0042 is due on December 10, 2026');
    expect(reminderMessage({ ...input, today: '2026-12-10' }).subject).toBe('Reminder: invoice 0042 is due today');
    const late = reminderMessage({ ...input, stage: 'after', today: '2026-12-17' });
    expect(late.subject).toBe('Reminder: invoice 0042 is 7 days overdue');
    expect(late.text).toContain('invoice 0042 from Ada Consulting, with 1,234.50 EUR to pay, is 7 days overdue');
    expect(late.text).toContain('https://invoicer.example/i/abc');
  });
});
