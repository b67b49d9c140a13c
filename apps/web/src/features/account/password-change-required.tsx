import { KeyRound, LogOut } from 'lucide-react';
import { useAuth } from '../../app/auth';
import { useLogout } from '../../app/use-logout';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { ChangePasswordForm } from './change-password-dialog';

/**
 * Shown instead of the app right after signing in with a password an administrator set (a new account's or a
 * reset one): the server answers nothing else until the user has chosen their own.
 */
export function PasswordChangeRequired() {
  const { user } = useAuth();
  const logout = useLogout();
  return (
    <main className="grid min-h-screen place-items-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
            <KeyRound className="size-6" />
          </span>
          <h1 className="text-xl font-semibold leading-none">Choose Your Password</h1>
          <CardDescription>
            Welcome{user?.name ? `, ${user.name}` : ''}. Your password was set by an administrator: enter it as the current password, then choose your own of at
            least 8 characters.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm
            onChanged={() => undefined}
            footer={(busy) => (
              <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-between">
                <Button variant="outline" disabled={busy} onClick={logout}>
                  <LogOut /> Logout
                </Button>
                <Button type="submit" disabled={busy}>
                  {busy ? 'Changing...' : 'Change Password'}
                </Button>
              </div>
            )}
          />
        </CardContent>
      </Card>
    </main>
  );
}
