import { Info } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/utils';
import type { PlaceholderScreen } from './placeholder-screens';

/** A screen that only describes what it will do: every button is inert by specification. */
export function PlaceholderPage({ screen }: { screen: PlaceholderScreen }) {
  const ScreenIcon = screen.icon;
  return (
    <div className="grid gap-6">
      <div className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary sm:grid">
          <ScreenIcon className="size-6" />
        </span>
        <PageHeader title={screen.title} subtitle={screen.description} />
      </div>
      <div className="flex items-center gap-3 rounded-lg border border-dashed bg-card px-4 py-3 text-sm text-muted-foreground">
        <Info className="size-4 shrink-0 text-primary" />
        This module is in preview: its actions are not available yet.
      </div>
      <div className={cn('grid gap-4 sm:grid-cols-2', screen.features.length % 2 === 1 && 'xl:grid-cols-3')}>
        {screen.features.map(({ title, description, button, icon: Icon }) => (
          <Card key={button} className="flex flex-col">
            <CardHeader className="flex-row items-start gap-3">
              <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" />
              </span>
              <div className="grid gap-1.5">
                <CardTitle className="leading-snug">{title}</CardTitle>
                <CardDescription>{description}</CardDescription>
              </div>
            </CardHeader>
            <CardContent className="mt-auto">
              <Button type="button" variant="outline" className="w-full">
                {button}
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
