import { useNavigate } from 'react-router';
import { useToast } from '../components/ui/toast';
import { useAuth } from './auth';

/** Logout from the sidebar or the account menu: ends the server session, toasts, goes to /login. */
export function useLogout() {
  const { logout } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  return async () => {
    await logout().catch(() => undefined);
    toast({ title: 'Logged Out', description: 'You have been successfully logged out.' });
    navigate('/login', { replace: true });
  };
}
