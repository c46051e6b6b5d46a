import { useSession } from '../../features/auth/hooks/use-session';
import { NotificationList } from '../../features/notifications/components/notification-list';

/** /notifications (docs/product/notifications.md#the-notifications-page), for the session's user. */
export function NotificationsRoute() {
  const { user } = useSession();
  return (
    <>
      <title>Notifications · Invoicer</title>
      {user && <NotificationList userId={user.id} />}
    </>
  );
}
