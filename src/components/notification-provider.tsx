// Makes toasts possible below it. The notification area (notistack and MUI's Alert) is a separate
// chunk, fetched when the first toast is asked for, so no screen waits for it to paint.
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

import { registerNotificationOutletLoader } from '@/lib/notify';

function NoNotificationArea() {
  return null;
}

// Without its chunk (offline, a deploy that replaced it) toasts are lost, but the app stays up.
const NotificationArea = lazy<ComponentType>(() =>
  import('./notification-area').then(
    (module) => ({ default: module.NotificationArea }),
    (error: unknown) => {
      console.warn('The notification area could not be loaded; toasts are not shown.', error);
      return { default: NoNotificationArea };
    },
  ),
);

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [isAreaWanted, setIsAreaWanted] = useState(false);
  useEffect(() => registerNotificationOutletLoader(() => setIsAreaWanted(true)), []);
  return (
    <>
      {children}
      {isAreaWanted && (
        <Suspense fallback={null}>
          <NotificationArea />
        </Suspense>
      )}
    </>
  );
}
