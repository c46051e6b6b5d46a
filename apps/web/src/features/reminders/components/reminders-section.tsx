import { zodResolver } from '@hookform/resolvers/zod';
import { reminderScheduleSchema } from '@invoicer/domain/api/reminders';
import { describeReminderSchedule, REMINDER_LIMITS, type ReminderSchedule } from '@invoicer/domain/reminders';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { useReminderSettings, useSaveReminderSettings } from '../hooks/use-reminders';

/**
 * Settings > Reminders (docs/product/reminders.md#the-schedule): the account's schedule of automatic reminders, with
 * a sentence that says what it does. Validated with the route's own schema.
 */
export function RemindersSection() {
  const settings = useReminderSettings();
  if (settings.isPending) {
    return (
      <p className="flex items-center gap-2 py-8 text-sm text-slate-600">
        <Spinner className="h-4 w-4" label="Loading the reminder settings" />
        Loading...
      </p>
    );
  }
  if (settings.isError) {
    return (
      <div className="py-8 text-sm text-slate-600">
        <p>The reminder settings could not be loaded.</p>
        <Button variant="secondary" size="sm" className="mt-2 h-11 md:h-8" onClick={() => void settings.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return <RemindersForm saved={settings.data.reminders} />;
}

function RemindersForm({ saved }: { saved: ReminderSchedule }) {
  const save = useSaveReminderSettings();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ReminderSchedule>({ defaultValues: saved, resolver: zodResolver(reminderScheduleSchema) });
  const values = useWatch({ control });
  const preview = reminderScheduleSchema.safeParse(values);
  const busy = save.isPending;
  const number = (name: 'before_days' | 'after_days' | 'repeat_days' | 'max') =>
    register(name, { valueAsNumber: true });

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">Automatic reminders</h2>
      <p className="mt-1 text-sm text-slate-600">
        Invoicer e-mails your client a reminder with the invoice's link and PDF while a sent invoice is unpaid. Each
        invoice can be paused on its page.
      </p>
      <form
        noValidate
        className="mt-5 space-y-5"
        onSubmit={handleSubmit((reminders) =>
          save.mutate({ reminders }, { onSuccess: (a) => reset(a.settings.reminders) }),
        )}
      >
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <Switch
              checked={field.value}
              onCheckedChange={field.onChange}
              label="Send automatic reminders"
              disabled={busy}
            />
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Days before the due date"
            type="number"
            inputMode="numeric"
            min={REMINDER_LIMITS.before_days.min}
            max={REMINDER_LIMITS.before_days.max}
            hint="0: no reminder before the due date."
            error={errors.before_days?.message}
            disabled={busy}
            {...number('before_days')}
          />
          <div className="flex items-end pb-2">
            <Controller
              control={control}
              name="on_due"
              render={({ field }) => (
                <Switch
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  label="On the due date"
                  disabled={busy}
                />
              )}
            />
          </div>
          <TextField
            label="Days after the due date"
            type="number"
            inputMode="numeric"
            min={REMINDER_LIMITS.after_days.min}
            max={REMINDER_LIMITS.after_days.max}
            hint="0: no reminder after the due date, and no repeats."
            error={errors.after_days?.message}
            disabled={busy}
            {...number('after_days')}
          />
          <TextField
            label="Then repeat every (days)"
            type="number"
            inputMode="numeric"
            min={REMINDER_LIMITS.repeat_days.min}
            max={REMINDER_LIMITS.repeat_days.max}
            error={errors.repeat_days?.message}
            disabled={busy}
            {...number('repeat_days')}
          />
          <TextField
            label="Repeat at most (times)"
            type="number"
            inputMode="numeric"
            min={REMINDER_LIMITS.max.min}
            max={REMINDER_LIMITS.max.max}
            hint="0: no repeats."
            error={errors.max?.message}
            disabled={busy}
            {...number('max')}
          />
        </div>
        <p
          className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700"
          aria-live="polite"
          data-testid="reminder-preview"
        >
          {preview.success ? describeReminderSchedule(preview.data) : 'Correct the fields above to see the schedule.'}
        </p>
        <div className="flex justify-end">
          <Button type="submit" disabled={busy || !isDirty}>
            {busy ? 'Saving...' : 'Save reminders'}
          </Button>
        </div>
      </form>
    </section>
  );
}
