import { lazy, Suspense, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LogOut, Menu, Moon, Sun, Truck, X } from 'lucide-react';
import { Button } from '../components/ui/button';
import { useMediaQuery } from '../lib/use-media-query';
import { cn } from '../lib/utils';
import { mayOpen, mayOpenPath, NAV_ITEMS, navItemAt } from './navigation';
import { NoAccessPage } from './no-access-page';
import { useCan } from './use-can';
import { useTheme } from './theme';
import { useLogout } from './use-logout';

const WIDE = '(min-width: 1024px)';

/** Sidebar open state: opens by itself when the window becomes wide, closes when it becomes narrow, follows the toggle between. */
function useSidebar(wide: boolean) {
  const [state, setState] = useState({ wide, open: wide });
  // Adjusted while rendering (React's pattern for state that follows a prop), not in an effect.
  if (state.wide !== wide) setState({ wide, open: wide });
  const setOpen = useCallback(
    (next: boolean | ((open: boolean) => boolean)) => setState((s) => ({ ...s, open: typeof next === 'function' ? next(s.open) : next })),
    [],
  );
  return [state.wide === wide ? state.open : wide, setOpen] as const;
}

const TopBarMenus = lazy(() => import('./top-bar-menus'));

/** Screens that are not in the sidebar, by path, for the document title. */
const OTHER_TITLES: Record<string, string> = { '/notifications': 'Notifications', '/account': 'My Account' };

/** The window's title: the screen's name, so that tabs, history and screen readers tell screens apart. */
function useScreenTitle(pathname: string) {
  useEffect(() => {
    const name = NAV_ITEMS.find((item) => item.path === pathname)?.label ?? OTHER_TITLES[pathname] ?? 'Page Not Found';
    document.title = `${name} · Raahi`;
  }, [pathname]);
}

export function AppLayout() {
  const wide = useMediaQuery(WIDE);
  const [open, setOpen] = useSidebar(wide);
  const location = useLocation();
  const logout = useLogout();
  // Below 1024 px the open sidebar is a drawer over the page: the page is inert behind it, Escape closes it.
  const drawer = open && !wide;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useScreenTitle(location.pathname);
  // The sidebar shows the screens the user's role may view; another's address shows the access page.
  const { role } = useCan();
  const items = NAV_ITEMS.filter((item) => mayOpen(role, item));
  const blocked = mayOpenPath(role, location.pathname) ? null : navItemAt(location.pathname);

  // On small screens the sidebar covers the page: close it after navigating.
  useEffect(() => {
    if (!wide) setOpen(false);
  }, [location.pathname, wide, setOpen]);

  useEffect(() => {
    if (!drawer) return;
    const toggle = toggleRef.current;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // The drawer closed (Escape, the overlay, its close button): focus goes back to the toggle, once the
      // page behind is no longer inert, unless a link in it took the user elsewhere.
      requestAnimationFrame(() => {
        const focused = document.activeElement;
        if (!focused || focused === document.body || document.querySelector('aside')?.contains(focused)) toggle?.focus();
      });
    };
  }, [drawer, setOpen]);

  return (
    <div className="min-h-screen bg-background">
      <a href="#main" className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-3 focus:top-3">
        Skip to content
      </a>
      {drawer && <div className="fixed inset-0 z-30 bg-black/40" onClick={() => setOpen(false)} aria-hidden />}
      <aside
        aria-label="Sidebar"
        // Closed, it is off screen: out of the Tab order and of the accessibility tree too.
        inert={!open}
        className={cn(
          'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r bg-sidebar transition-transform duration-200',
          open ? 'translate-x-0' : '-translate-x-full',
        )}
      >
        <div className="flex h-16 items-center justify-between gap-2 border-b px-4">
          <Link to="/" className="flex items-center gap-2 font-semibold">
            <span className="grid size-8 place-items-center rounded-md bg-primary text-primary-foreground">
              <Truck className="size-5" />
            </span>
            <span className="text-lg tracking-tight">Raahi</span>
            <span className="rounded bg-muted px-1.5 py-0.5 text-[10px] font-medium text-muted-foreground">v0.1.0</span>
          </Link>
          <Button ref={closeRef} variant="ghost" size="icon-sm" className="lg:hidden" aria-label="Close sidebar" onClick={() => setOpen(false)}>
            <X />
          </Button>
        </div>
        <nav className="flex-1 overflow-y-auto p-3" aria-label="Main navigation">
          <ul className="flex flex-col gap-0.5">
            {items.map(({ label, path, icon: Icon }) => (
              <li key={path}>
                <NavLink
                  to={path}
                  end={path === '/'}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors',
                      isActive ? 'bg-primary text-primary-foreground font-medium' : 'text-foreground/80 hover:bg-accent hover:text-accent-foreground',
                    )
                  }
                >
                  <Icon className="size-4 shrink-0" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t p-3">
          <Button variant="ghost" className="w-full justify-start gap-3 text-destructive hover:text-destructive" onClick={logout}>
            <LogOut /> Logout
          </Button>
        </div>
      </aside>

      <div inert={drawer} className={cn('flex min-h-screen min-w-0 flex-col transition-[padding] duration-200', open && 'lg:pl-64')}>
        <TopBar toggleRef={toggleRef} onToggleSidebar={() => setOpen((o) => !o)} onLogout={logout} />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6">
          {/* Outside the keyed page, so that moving to a screen still loading keeps the last one shown meanwhile. */}
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading...</p>}>
            <div key={location.pathname} className="animate-page-in">
              {blocked ? <NoAccessPage screen={blocked.label} role={role} /> : <Outlet />}
            </div>
          </Suspense>
        </main>
      </div>
    </div>
  );
}

function TopBar({ toggleRef, onToggleSidebar, onLogout }: { toggleRef: RefObject<HTMLButtonElement | null>; onToggleSidebar(): void; onLogout(): void }) {
  const { theme, toggleTheme } = useTheme();
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b bg-card/90 px-4 backdrop-blur">
      <Button ref={toggleRef} variant="ghost" size="icon" aria-label="Toggle sidebar" onClick={onToggleSidebar}>
        <Menu />
      </Button>
      <div className="flex-1" />
      <Button
        variant="ghost"
        size="icon"
        aria-label="Toggle theme"
        title={theme === 'dark' ? 'Switch to Light Mode' : 'Switch to Dark Mode'}
        onClick={toggleTheme}
      >
        {theme === 'dark' ? <Sun /> : <Moon />}
      </Button>
      {/* The menus load just after the shell: their menu machinery is not needed to show the page. */}
      <Suspense fallback={<div className="w-20" aria-hidden />}>
        <TopBarMenus onLogout={onLogout} />
      </Suspense>
    </header>
  );
}
