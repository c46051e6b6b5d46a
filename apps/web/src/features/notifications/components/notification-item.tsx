import type { Notification } from '@invoicer/domain/api/notifications';
import { AlertTriangle, Check, CheckCircle2, Info, Trash2, XCircle, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { formatNotificationTime, notificationKind, notificationTarget } from '../model/notification-display';

const ICONS: Record<ReturnType<typeof notificationKind>, { icon: LucideIcon; tone: string; label: string }> = {
  success: { icon: CheckCircle2, tone: 'bg-emerald-50 text-emerald-700', label: 'Success' },
  warning: { icon: AlertTriangle, tone: 'bg-amber-50 text-amber-700', label: 'Warning' },
  error: { icon: XCircle, tone: 'bg-red-50 text-red-700', label: 'Error' },
  info: { icon: Info, tone: 'bg-sky-50 text-sky-700', label: 'Information' },
};

interface NotificationItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  onMarkRead: (id: string) => void;
  onDelete: (id: string) => void;
  /** This item's own request is under way. */
  busy: boolean;
}

const actionButton =
  'inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-500 transition-colors ' +
  'hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * One notification (docs/product/notifications.md#the-notifications-page): icon by type, title, message, time and an
 * unread dot. The body is a link when the notification names something to open; Mark as read and Delete sit beside it.
 */
export function NotificationItem({ notification, onOpen, onMarkRead, onDelete, busy }: NotificationItemProps) {
  const kind = ICONS[notificationKind(notification)];
  const target = notificationTarget(notification);
  const unread = !notification.is_read;

  const content = (
    <>
      <span className={cn('inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full', kind.tone)}>
        <kind.icon className="h-5 w-5" aria-hidden />
        <span className="sr-only">{kind.label}:</span>
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className={cn('min-w-0 text-sm text-slate-900', unread ? 'font-semibold' : 'font-medium')}>
            {notification.title}
          </span>
          {unread && (
            <>
              <span aria-hidden className="h-2 w-2 shrink-0 rounded-full bg-indigo-600" data-unread-dot />
              <span className="sr-only">(unread)</span>
            </>
          )}
        </span>
        <span className="mt-0.5 block text-sm break-words text-slate-600">{notification.message}</span>
        <time dateTime={notification.created_at} className="mt-1 block text-xs text-slate-600">
          {formatNotificationTime(notification.created_at)}
        </time>
      </span>
    </>
  );

  return (
    <li
      className={cn(
        'flex items-start gap-1 rounded-2xl border p-2 transition-colors sm:gap-2',
        unread ? 'border-indigo-100 bg-indigo-50/40' : 'border-slate-200 bg-white',
      )}
    >
      {target ? (
        <Link
          to={target}
          onClick={() => onOpen(notification)}
          className="flex min-w-0 flex-1 items-start gap-3 rounded-xl p-2 hover:bg-slate-50"
        >
          {content}
        </Link>
      ) : (
        <div className="flex min-w-0 flex-1 items-start gap-3 p-2">{content}</div>
      )}
      <div className="flex shrink-0 flex-col sm:flex-row">
        {unread && (
          <button
            type="button"
            className={actionButton}
            aria-label="Mark as read"
            title="Mark as read"
            disabled={busy}
            onClick={() => onMarkRead(notification.id)}
          >
            <Check className="h-5 w-5" aria-hidden />
          </button>
        )}
        <button
          type="button"
          className={cn(actionButton, 'hover:bg-red-50 hover:text-red-700')}
          aria-label="Delete notification"
          title="Delete notification"
          disabled={busy}
          onClick={() => onDelete(notification.id)}
        >
          <Trash2 className="h-5 w-5" aria-hidden />
        </button>
      </div>
    </li>
  );
}
