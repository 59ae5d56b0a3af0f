import {
  ArrowRight,
  BarChart3,
  Brain,
  ClipboardPaste,
  FileText,
  Flame,
  GraduationCap,
  Layers,
  type LucideIcon,
  Repeat,
  Save,
  Sparkles,
  TextCursorInput,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../../../lib/auth';

const FEATURES: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Sparkles,
    title: 'AI card generation',
    text: 'Paste your notes and let AI draft clear, focused flashcards in seconds. Edit anything you like.',
  },
  {
    icon: Repeat,
    title: 'Spaced repetition',
    text: 'Review each card right before you would forget it. Less time studying, more time remembering.',
  },
  {
    icon: BarChart3,
    title: 'Progress tracking',
    text: 'Statistics for every deck and study streaks that keep you coming back each day.',
  },
  {
    icon: ClipboardPaste,
    title: 'Several input methods',
    text: 'Start from pasted text, a web address or an uploaded file: whatever you are learning from.',
  },
  {
    icon: TextCursorInput,
    title: 'Q&A and cloze cards',
    text: 'Classic question-and-answer cards and fill-in-the-blank cloze cards, or a mix of both.',
  },
  {
    icon: Save,
    title: 'Every review saved instantly',
    text: 'Each answer is saved the moment you give it, so an interrupted session loses nothing.',
  },
];

const STEPS: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Layers,
    title: 'Create a deck',
    text: 'Give it a name and add your material: text, a link or a file.',
  },
  {
    icon: Sparkles,
    title: 'The AI generates cards',
    text: 'Mnemo turns your material into Q&A and cloze flashcards you can review and edit.',
  },
  {
    icon: GraduationCap,
    title: 'Learn and master',
    text: 'Study what is due each day; spaced repetition moves what you know into long-term memory.',
  },
];

function CallsToAction({ size = 'lg' }: { size?: 'md' | 'lg' }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <div aria-hidden="true" className="h-12" />;
  if (user) {
    return (
      <div className="flex flex-wrap justify-center gap-3 lg:justify-start">
        <Button asChild size={size}>
          <Link to="/dashboard">
            Go to Dashboard
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap justify-center gap-3 lg:justify-start">
      <Button asChild size={size}>
        <Link to="/signup">
          Create account
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </Button>
      <Button asChild size={size} variant="outline">
        <Link to="/login">Sign in</Link>
      </Button>
    </div>
  );
}

/** A still of a study session: the product at a glance, drawn with plain markup. */
function HeroPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-[radial-gradient(closest-side,var(--glow),transparent)]" />
      <div className="absolute top-6 right-0 left-8 h-full rotate-3 rounded-2xl border border-border bg-card/60" />
      <div className="relative rounded-2xl border border-border bg-card p-6 shadow-2xl shadow-black/20">
        <div className="flex items-center justify-between text-xs text-muted-foreground">
          <span>Card 7 of 20</span>
          <span>35% complete</span>
        </div>
        <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted">
          <div className="h-full w-[35%] rounded-full bg-primary" />
        </div>
        <p className="mt-6 text-xs font-semibold tracking-wider text-primary uppercase">
          Fill in the Blank
        </p>
        <p className="mt-2 text-lg leading-relaxed font-medium">
          The powerhouse of the cell is the{' '}
          <span className="rounded-md bg-primary/15 px-2 py-0.5 text-primary">mitochondria</span>,
          which produces ATP.
        </p>
        <div className="mt-6 grid grid-cols-4 gap-2 text-center text-xs">
          {[
            ['Again', '1 min'],
            ['Hard', '10 min'],
            ['Good', '1 day'],
            ['Easy', '4 days'],
          ].map(([label, interval]) => (
            <div
              key={label}
              className={
                label === 'Good'
                  ? 'rounded-lg border border-primary bg-primary/15 px-1 py-2'
                  : 'rounded-lg border border-border px-1 py-2'
              }
            >
              <div className="font-semibold">{label}</div>
              <div className="text-muted-foreground">{interval}</div>
            </div>
          ))}
        </div>
      </div>
      <div className="absolute -bottom-5 -left-4 flex items-center gap-2 rounded-xl border border-border bg-card px-3 py-2 text-sm shadow-lg">
        <Flame className="size-4 text-orange-500" />
        <span className="font-semibold">12-day streak</span>
      </div>
    </div>
  );
}

export function LandingPage() {
  return (
    <div className="overflow-hidden">
      <section className="relative">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,var(--glow),transparent_65%)]"
        />
        <div className="mx-auto grid w-full max-w-6xl items-center gap-14 px-4 pt-16 pb-20 sm:px-6 lg:grid-cols-2 lg:pt-24 lg:pb-28">
          <div className="text-center lg:text-left">
            <p className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1 text-sm text-muted-foreground">
              <Brain aria-hidden="true" className="size-4 text-primary" />
              AI flashcards with spaced repetition
            </p>
            <h1 className="mt-6 text-4xl leading-[1.1] font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
              Turn what you read into{' '}
              <span className="bg-gradient-to-r from-violet-500 to-fuchsia-500 bg-clip-text text-transparent dark:from-violet-400 dark:to-fuchsia-400">
                knowledge that sticks
              </span>
            </h1>
            <p className="mx-auto mt-6 max-w-xl text-lg text-muted-foreground lg:mx-0">
              Mnemo makes flashcards from your own notes, articles and files, then schedules your
              reviews so you remember more while studying less.
            </p>
            <div className="mt-8">
              <CallsToAction />
            </div>
          </div>
          <HeroPreview />
        </div>
      </section>

      <section aria-labelledby="features-title" className="border-t border-border bg-card/40 py-20">
        <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="features-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              Everything you need to learn faster
            </h2>
            <p className="mt-4 text-muted-foreground">
              From raw material to lasting memory, in one place.
            </p>
          </div>
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li
                key={title}
                className="rounded-2xl border border-border bg-card p-6 shadow-sm transition-shadow hover:shadow-lg hover:shadow-primary/5"
              >
                <div className="flex size-11 items-center justify-center rounded-xl bg-primary/15 text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </div>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="how-title" className="py-20">
        <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="how-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              How It Works
            </h2>
            <p className="mt-4 text-muted-foreground">Three steps from material to mastery.</p>
          </div>
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
            {STEPS.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="relative rounded-2xl border border-border bg-card p-6">
                <div className="flex items-center gap-3">
                  <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                    {index + 1}
                  </span>
                  <Icon aria-hidden="true" className="size-5 text-primary" />
                </div>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="pb-20">
        {/* The same column as the sections above: the panel is no wider than their content. */}
        <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
          <div
            data-testid="cta-panel"
            className="relative overflow-hidden rounded-3xl border border-border bg-card px-6 py-14 text-center"
          >
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_bottom,var(--glow),transparent_70%)]"
            />
            <div className="relative">
              <FileText aria-hidden="true" className="mx-auto size-10 text-primary" />
              <h2 id="cta-title" className="mt-4 text-3xl font-bold tracking-tight">
                Start remembering what you learn
              </h2>
              <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
                Your first deck is a minute away.
              </p>
              <div className="mt-8 flex justify-center [&>div]:justify-center">
                <CallsToAction />
              </div>
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
