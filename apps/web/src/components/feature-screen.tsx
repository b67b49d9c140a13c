import type { LucideIcon } from 'lucide-react';
import { PageHeader } from './page-header';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';
import { cn } from '../lib/utils';

/** One capability a screen of feature cards advertises, with its button. */
export interface FeatureCardSpec {
  title: string;
  description: string;
  button: string;
  icon: LucideIcon;
}

/** A screen's heading beside its icon (the placeholder screens, Reporting). */
export function FeatureScreenHeader({ icon: ScreenIcon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  return (
    <div className="flex items-start gap-4">
      <span className="hidden size-12 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary sm:grid">
        <ScreenIcon className="size-6" />
      </span>
      <PageHeader title={title} subtitle={description} />
    </div>
  );
}

/** The cards of a screen, each with its button; without `onAct` every button is inert (a placeholder screen). */
export function FeatureCards<F extends FeatureCardSpec>({ features, onAct }: { features: readonly F[]; onAct?: (feature: F) => void }) {
  return (
    <div className={cn('grid gap-4 sm:grid-cols-2', features.length % 2 === 1 && 'xl:grid-cols-3')}>
      {features.map((feature) => {
        const { title, description, button, icon: Icon } = feature;
        return (
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
              <Button type="button" variant="outline" className="w-full" onClick={onAct && (() => onAct(feature))}>
                {button}
              </Button>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
