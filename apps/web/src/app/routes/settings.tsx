import {
  ArrowLeft,
  BellRing,
  Building2,
  CreditCard,
  LayoutTemplate,
  MonitorSmartphone,
  User,
  type LucideIcon,
} from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ExportDataSection } from '../../features/account-export/components/export-data-section';
import { useSession, useSetSessionUser } from '../../features/auth/hooks/use-session';
import { BusinessesSection } from '../../features/businesses/components/businesses-section';
import { useForgetUser } from '../../features/auth/hooks/use-sign-out';
import { BillingSection } from '../../features/profile/components/billing-section';
import { ProfileSection } from '../../features/profile/components/profile-section';
import { TemplatesSection } from '../../features/profile/components/templates-section';
import { RemindersSection } from '../../features/reminders/components/reminders-section';
import { SessionsSection } from '../../features/sessions/components/sessions-section';
import { cn } from '../../lib/cn';
import { hasInAppHistory } from '../../lib/in-app-history';

type Section = 'profile' | 'sessions' | 'reminders' | 'templates' | 'business' | 'billing';

/** The tabs and their ?section= values (docs/product/settings.md#sections); profile is the default. */
const SECTIONS: { value: Section; label: string; icon: LucideIcon }[] = [
  { value: 'profile', label: 'Profile Settings', icon: User },
  { value: 'sessions', label: 'Sessions', icon: MonitorSmartphone },
  { value: 'reminders', label: 'Reminders', icon: BellRing },
  { value: 'templates', label: 'Invoice Templates', icon: LayoutTemplate },
  { value: 'business', label: 'Businesses', icon: Building2 },
  { value: 'billing', label: 'Billing', icon: CreditCard },
];

function sectionOf(value: string | null): Section {
  return SECTIONS.find((section) => section.value === value)?.value ?? 'profile';
}

/**
 * /settings (docs/product/settings.md): Profile Settings, Sessions, Reminders, Invoice Templates, Businesses and
 * Billing, chosen by ?section=.
 */
export function SettingsRoute() {
  const { user } = useSession();
  const setSessionUser = useSetSessionUser();
  const forgetUser = useForgetUser();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const section = sectionOf(params.get('section'));

  // Back to the previous page of this site in this tab; /new when there is none.
  const goBack = () => (hasInAppHistory() ? navigate(-1) : navigate('/new'));

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
      <title>Settings · Invoicer</title>
      <div className="flex items-center gap-3">
        <Button variant="ghost" size="icon" onClick={goBack} aria-label="Back">
          <ArrowLeft className="h-5 w-5" aria-hidden />
        </Button>
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Settings</h1>
          <p className="text-sm text-slate-600">Your account, your invoices' look and your plan.</p>
        </div>
      </div>

      {!user ? (
        <div className="flex items-center justify-center gap-3 py-16 text-slate-600">
          <Spinner />
          <p>Loading user data...</p>
        </div>
      ) : (
        <Tabs.Root
          value={section}
          onValueChange={(value) => setParams({ section: value }, { replace: true })}
          className="mt-6"
        >
          {/*
           * Every tab stays in sight (issue 14): on phones a two-by-two grid of segments, from 640 px
           * one underlined row that wraps rather than scrolls sideways.
           */}
          <Tabs.List
            aria-label="Settings sections"
            className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:flex sm:flex-wrap sm:rounded-none sm:border-b sm:border-slate-200 sm:bg-transparent sm:p-0"
          >
            {SECTIONS.map(({ value, label, icon: Icon }) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className={cn(
                  'inline-flex min-h-11 min-w-0 items-center justify-center gap-2 rounded-lg px-2 py-1 text-center text-sm font-medium text-slate-600',
                  'data-[state=active]:bg-white data-[state=active]:text-indigo-700 data-[state=active]:shadow-sm',
                  'sm:-mb-px sm:justify-start sm:rounded-none sm:border-b-2 sm:border-transparent sm:px-3 sm:py-0 sm:whitespace-nowrap',
                  'sm:data-[state=active]:border-indigo-600 sm:data-[state=active]:bg-transparent sm:data-[state=active]:shadow-none',
                  'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-600',
                )}
              >
                <Icon className="h-4 w-4 shrink-0" aria-hidden />
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content
            value="profile"
            className="pt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
          >
            <ProfileSection
              user={user}
              onUserUpdated={setSessionUser}
              onAccountDeleted={forgetUser}
              beforeDelete={<ExportDataSection />}
            />
          </Tabs.Content>
          <Tabs.Content
            value="sessions"
            className="pt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
          >
            <SessionsSection onSignedOut={forgetUser} />
          </Tabs.Content>
          <Tabs.Content
            value="reminders"
            className="pt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
          >
            <RemindersSection />
          </Tabs.Content>
          <Tabs.Content
            value="templates"
            className="pt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
          >
            <TemplatesSection />
          </Tabs.Content>
          <Tabs.Content
            value="business"
            className="pt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
          >
            <BusinessesSection />
          </Tabs.Content>
          <Tabs.Content
            value="billing"
            className="pt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
          >
            <BillingSection />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}
