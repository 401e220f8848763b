import { useEffect, useState, type ReactNode } from 'react';
import { Link, Route, Router, Switch, useLocation } from 'wouter';

import { Button, PopupProvider } from '@honne/ui';

import { call, roleMay, safetyEndpoints, sessionStore, setUnauthorizedHandler, type ConsoleSession } from './api.ts';
import { CONSOLE_BASE } from './base.ts';
import { AgeReviews } from './screens/AgeReviews.tsx';
import { Appeals } from './screens/Appeals.tsx';
import { Audit } from './screens/Audit.tsx';
import { Filters } from './screens/Filters.tsx';
import { Approvals } from './screens/Money.tsx';
import { ExpertRequests, Purchases, UnusedReport } from './screens/PointsPages.tsx';
import { Operators } from './screens/Operators.tsx';
import { Person } from './screens/Person.tsx';
import { Queue } from './screens/Queue.tsx';
import { SignIn } from './screens/SignIn.tsx';
import { Stats } from './screens/Stats.tsx';
import { System } from './screens/System.tsx';
import { Subject } from './screens/Subject.tsx';
import { roleLabels, strings } from './strings.ts';

export function App() {
  const [session, setSession] = useState<ConsoleSession | null>(() => sessionStore.read());
  useEffect(() => {
    setUnauthorizedHandler(() => setSession(null));
    return () => setUnauthorizedHandler(undefined);
  }, []);
  return (
    <PopupProvider>
      <Router base={CONSOLE_BASE}>
        {session ? (
          <Shell session={session} onSignOut={() => setSession(null)} />
        ) : (
          <SignIn
            onSignedIn={(s) => {
              sessionStore.write(s);
              setSession(s);
            }}
          />
        )}
      </Router>
    </PopupProvider>
  );
}

function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const [location] = useLocation();
  const current = href === '/' ? location === '/' || location.startsWith('/subjects') : location.startsWith(href);
  return (
    <Link href={href} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}

function Shell({ session, onSignOut }: { session: ConsoleSession; onSignOut: () => void }) {
  const isAdmin = session.operator.role === 'admin';
  // A page this role may not use is left out of the menu (the server refuses it all the same).
  const may = roleMay(session.operator.role);
  const signOut = async () => {
    await call(safetyEndpoints.signOut).catch(() => undefined);
    sessionStore.write(null);
    onSignOut();
  };
  return (
    <div className="cn-app">
      <nav className="cn-side" aria-label={strings.nav.label}>
        <p className="cn-side__title">{strings.appName}</p>
        <NavLink href="/">{strings.nav.queue}</NavLink>
        <NavLink href="/appeals">{strings.nav.appeals}</NavLink>
        <NavLink href="/approvals">{strings.nav.approvals}</NavLink>
        <NavLink href="/stats">{strings.nav.stats}</NavLink>
        {session.operator.role !== 'triage' ? <NavLink href="/system">{strings.nav.system}</NavLink> : null}
        <NavLink href="/filters">{strings.nav.filters}</NavLink>
        <NavLink href="/age">{strings.nav.age}</NavLink>
        {may('expert.approve') ? <NavLink href="/experts">{strings.nav.experts}</NavLink> : null}
        {may('points.read') ? <NavLink href="/purchases">{strings.nav.purchases}</NavLink> : null}
        {may('points.read') ? <NavLink href="/unused">{strings.nav.unused}</NavLink> : null}
        {isAdmin ? <NavLink href="/operators">{strings.nav.operators}</NavLink> : null}
        {isAdmin ? <NavLink href="/audit">{strings.nav.audit}</NavLink> : null}
        <p className="cn-side__who">
          {strings.nav.signedInAs(
            session.operator.email,
            roleLabels[session.operator.role as keyof typeof roleLabels] ?? session.operator.role,
          )}
        </p>
        <Button variant="secondary" onClick={() => void signOut()}>
          {strings.nav.signOut}
        </Button>
      </nav>
      <main className="cn-main">
        <Switch>
          <Route path="/">
            <Queue me={session.operator.id} />
          </Route>
          <Route path="/subjects/:id">{(p) => <Subject id={p.id} />}</Route>
          <Route path="/people/:id">{(p) => <Person id={p.id} role={session.operator.role} />}</Route>
          <Route path="/appeals" component={Appeals} />
          <Route path="/approvals">
            <Approvals me={session.operator.id} />
          </Route>
          <Route path="/stats" component={Stats} />
          <Route path="/system" component={System} />
          <Route path="/filters">
            <Filters canEdit={session.operator.role !== 'triage'} />
          </Route>
          <Route path="/age">
            <AgeReviews canDecide={session.operator.role !== 'triage'} canSetFeatures={may('age_features.edit')} />
          </Route>
          <Route path="/experts" component={ExpertRequests} />
          <Route path="/purchases" component={Purchases} />
          <Route path="/unused" component={UnusedReport} />
          <Route path="/operators" component={Operators} />
          <Route path="/audit" component={Audit} />
          <Route>
            <Queue me={session.operator.id} />
          </Route>
        </Switch>
      </main>
    </div>
  );
}
