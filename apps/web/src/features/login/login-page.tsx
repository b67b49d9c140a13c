import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Eye, EyeOff, Truck } from 'lucide-react';
import { useAuth } from '../../app/auth';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';

/**
 * The dashboard's files, fetched once the visitor starts typing: they arrive while the password is typed, not before
 * the form shows (app/page.tsx) and not for a visitor who never signs in. Once per page load.
 */
let dashboardAsked = false;
function loadDashboardEarly() {
  if (dashboardAsked) return;
  dashboardAsked = true;
  void import('../dashboard/dashboard-page').catch(() => (dashboardAsked = false));
}

export function LoginPage() {
  const { user, login } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from;
  const destination = from && from.startsWith('/') && !from.startsWith('/login') ? from : '/';
  useEffect(() => {
    document.title = 'Sign In · Raahi';
  }, []);

  if (user && !busy) return <Navigate to={destination} replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const signedIn = await login(username, password);
      toast({ title: 'Login Successful!', description: `Welcome back, ${signedIn.name}! Redirecting to dashboard...` });
      navigate(destination, { replace: true });
    } catch (err) {
      const known = err instanceof ApiError && err.status !== 401;
      toast({
        title: known ? err.title : 'Login Failed',
        description: known ? err.message : 'Invalid username or password. Please try again.',
        variant: 'destructive',
      });
      console.error('Login failed:', err);
      setBusy(false);
    }
  }

  return (
    <div className="grid min-h-screen place-items-center bg-gradient-to-br from-primary/10 via-background to-background p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <span className="mb-2 grid size-12 place-items-center rounded-xl bg-primary text-primary-foreground">
            <Truck className="size-7" />
          </span>
          <CardTitle className="text-xl">
            Raahi <span className="align-middle text-xs font-normal text-muted-foreground">v0.1.0</span>
          </CardTitle>
          <CardDescription>Sign in to manage your fleet</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={onSubmit}>
            <div className="grid gap-2">
              <Label htmlFor="username">Username</Label>
              <Input
                id="username"
                name="username"
                autoComplete="username"
                autoFocus
                required
                value={username}
                onChange={(e) => (setUsername(e.target.value), loadDashboardEarly())}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="password">Password</Label>
              <div className="relative">
                <Input
                  id="password"
                  name="password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  required
                  className="pr-10"
                  value={password}
                  onChange={(e) => (setPassword(e.target.value), loadDashboardEarly())}
                />
                <button
                  type="button"
                  className="absolute inset-y-0 right-0 grid w-10 place-items-center text-muted-foreground hover:text-foreground"
                  aria-label={showPassword ? 'Hide password' : 'Show password'}
                  onClick={() => setShowPassword((s) => !s)}
                >
                  {showPassword ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
                </button>
              </div>
            </div>
            <Button type="submit" disabled={busy} className="w-full">
              {busy ? 'Authenticating...' : 'Login'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
