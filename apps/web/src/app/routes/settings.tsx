import { ArrowLeft, Building2, CreditCard, LayoutTemplate, User, type LucideIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useSession, useSetSessionUser } from '../../features/auth/hooks/use-session';
import { BusinessesSection } from '../../features/businesses/components/businesses-section';
import { useForgetUser } from '../../features/auth/hooks/use-sign-out';
import { BillingSection } from '../../features/profile/components/billing-section';
import { ProfileSection } from '../../features/profile/components/profile-section';
import { TemplatesSection } from '../../features/profile/components/templates-section';
import { cn } from '../../lib/cn';
import { hasInAppHistory } from '../../lib/in-app-history';

type Section = 'profile' | 'templates' | 'business' | 'billing';

/** The tabs and their ?section= values (spec part 2 §2); profile is the default. */
const SECTIONS: { value: Section; label: string; icon: LucideIcon }[] = [
  { value: 'profile', label: 'Profile Settings', icon: User },
  { value: 'templates', label: 'Invoice Templates', icon: LayoutTemplate },
  { value: 'business', label: 'Businesses', icon: Building2 },
  { value: 'billing', label: 'Billing', icon: CreditCard },
];

function sectionOf(value: string | null): Section {
  return SECTIONS.find((section) => section.value === value)?.value ?? 'profile';
}

/** /settings (spec part 2 §2): Profile Settings, Invoice Templates, Businesses and Billing, chosen by ?section=. */
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
          <Tabs.List
            aria-label="Settings sections"
            className="-mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0"
          >
            {SECTIONS.map(({ value, label, icon: Icon }) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className={cn(
                  '-mb-px inline-flex h-11 shrink-0 items-center gap-2 border-b-2 border-transparent px-3 text-sm font-medium whitespace-nowrap text-slate-600',
                  'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-600',
                  'data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700',
                )}
              >
                <Icon className="h-4 w-4" aria-hidden />
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content
            value="profile"
            className="pt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
          >
            <ProfileSection user={user} onUserUpdated={setSessionUser} onAccountDeleted={forgetUser} />
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
