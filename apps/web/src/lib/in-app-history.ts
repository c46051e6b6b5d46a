import { toast } from 'sonner';

/** The parts of the Navigation API read here; browsers without it leave it undefined. */
type NavigationLike = Pick<Navigation, 'canGoBack' | 'currentEntry' | 'entries'>;

function navigationApi(): NavigationLike | undefined {
  return (window as { navigation?: NavigationLike }).navigation;
}

/**
 * True when Back, in this tab, goes to a page of this site: a routed form then goes back one history
 * step, and otherwise to a page of
 * its own (docs/product/routes-and-access.md#routed-forms). The Navigation API knows the entries of
 * this site in this tab, also those of earlier page loads (an address typed while on /invoices);
 * without it, React Router's index of the entries it made itself (history.state.idx) says so.
 */
export function hasInAppHistory(): boolean {
  const navigation = navigationApi();
  if (typeof navigation?.canGoBack === 'boolean') return navigation.canGoBack;
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' && index > 0;
}

const CARRIED_KEY = 'invoicer.carriedToasts';
const CARRIED_TYPES = ['success', 'info', 'warning', 'error'] as const;
type CarriedType = (typeof CARRIED_TYPES)[number];
interface CarriedToast {
  type: CarriedType;
  title: string;
}

/** The previous entry belongs to an earlier page load: Back loads (or restores) that page. */
function backLeavesThisPageLoad(): boolean {
  const navigation = navigationApi();
  const current = navigation?.currentEntry;
  if (!navigation || !current) return false;
  const previous = navigation.entries()[current.index - 1];
  return previous !== undefined && !previous.sameDocument;
}

/**
 * Back one history step. When that leaves this page load, the toasts on screen (a routed form's
 * "saved") go along through this tab's sessionStorage and show again on arrival (replayCarriedToasts).
 */
export function goBack(navigate: (delta: number) => unknown): void {
  if (backLeavesThisPageLoad()) {
    const carried: CarriedToast[] = [];
    for (const shown of toast.getToasts()) {
      const type = 'type' in shown ? shown.type : undefined;
      const title = 'title' in shown ? shown.title : undefined;
      if (typeof title === 'string' && CARRIED_TYPES.includes(type as CarriedType))
        carried.push({ type: type as CarriedType, title });
    }
    try {
      if (carried.length > 0) window.sessionStorage.setItem(CARRIED_KEY, JSON.stringify(carried));
    } catch {
      // Storage refused: the toast stays behind, the page still goes back.
    }
  }
  void navigate(-1);
}

/** Shows, once, the toasts carried over by goBack (on the app's start, or on a page restored from the back/forward cache). */
export function replayCarriedToasts(): void {
  let carried: unknown;
  try {
    carried = JSON.parse(window.sessionStorage.getItem(CARRIED_KEY) ?? '[]');
    window.sessionStorage.removeItem(CARRIED_KEY);
  } catch {
    return;
  }
  if (!Array.isArray(carried)) return;
  for (const item of carried.slice(0, 3)) {
    const { type, title } = (item ?? {}) as Partial<CarriedToast>;
    if (typeof title === 'string' && CARRIED_TYPES.includes(type as CarriedType)) toast[type as CarriedType](title);
  }
}
