import { useState } from 'react';

import { OPERATOR_ROLES, PERMISSIONS, type OperatorRole, type Permission } from '@honne/contracts/safety';
import { Button } from '@honne/ui';

import { call, safetyEndpoints } from '../api.ts';
import { useAskThen } from '../ask.ts';
import { formatAt } from '../format.ts';
import { LoadState, useLoad } from '../load.tsx';
import { permissionLabels, roleLabels, strings } from '../strings.ts';
import { Table } from '../table.tsx';
import { FormError, useFormSubmit } from '../form.tsx';

const t = strings.operators;

/** Admin: operator accounts (add with a role, disable) and scoped API keys (create, revoke). */
export function Operators() {
  return (
    <>
      <h1>{t.heading}</h1>
      <OperatorList />
      <h2>{t.keys}</h2>
      <ApiKeys />
    </>
  );
}

function OperatorList() {
  const [operators, reload] = useLoad((signal) => call(safetyEndpoints.listOperators, { signal }), 'operators');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<OperatorRole>('moderator');
  const [created, setCreated] = useState<{ secret: string; url: string } | undefined>();
  const askThen = useAskThen(reload);

  const { submit: add, error } = useFormSubmit(async () => {
    const res = await call(safetyEndpoints.createOperator, { body: { email: email.trim(), password, role } });
    setCreated({ secret: res.totp_secret, url: res.otpauth_url });
    setEmail('');
    setPassword('');
    reload();
  });
  const disable = (id: string, who: string) =>
    askThen({ title: t.disableTitle, message: t.disableMessage(who), confirmLabel: t.disable }, () =>
      call(safetyEndpoints.disableOperator, { params: { id } }),
    );

  return (
    <>
      <LoadState state={operators} reload={reload}>
        {(rows) => (
          <Table
            rows={rows}
            testId="operators"
            columns={[t.email, t.role, strings.table.state, strings.table.at, { label: t.disable, hidden: true }]}
            row={(o) => (
              <tr key={o.id}>
                <td>{o.email}</td>
                <td>{roleLabels[o.role as OperatorRole] ?? o.role}</td>
                <td>
                  <span className={o.disabled ? 'cn-tag cn-tag--hot' : 'cn-tag cn-tag--ok'}>
                    {o.disabled ? t.disabled : t.active}
                  </span>
                </td>
                <td className="cn-num">{formatAt(o.created_at)}</td>
                <td>
                  {o.disabled ? null : (
                    <Button variant="secondary" onClick={() => void disable(o.id, o.email)}>
                      {t.disable}
                    </Button>
                  )}
                </td>
              </tr>
            )}
          />
        )}
      </LoadState>
      <form
        className="cn-row cn-form cn-card"
        style={{ marginTop: 16, flexDirection: 'row' }}
        onSubmit={(e) => void add(e)}
      >
        <label>
          {t.email}
          <input className="cn-input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </label>
        <label>
          {t.password}
          <input
            className="cn-input"
            type="password"
            autoComplete="new-password"
            minLength={12}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
        <label>
          {t.role}
          <select
            className="cn-input"
            aria-label={t.role}
            value={role}
            onChange={(e) => setRole(e.target.value as OperatorRole)}
          >
            {OPERATOR_ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit">{t.add}</Button>
      </form>
      <FormError error={error} />
      {created ? (
        <div className="cn-card" role="status" style={{ marginTop: 12 }}>
          <p>{t.added}</p>
          <p className="cn-secret">{created.secret}</p>
          <p className="cn-secret">{created.url}</p>
        </div>
      ) : null}
    </>
  );
}

function ApiKeys() {
  const [keys, reload] = useLoad((signal) => call(safetyEndpoints.listApiKeys, { signal }), 'keys');
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Permission[]>([]);
  const [secret, setSecret] = useState<string | undefined>();
  const askThen = useAskThen(reload);

  const { submit: create, error } = useFormSubmit(async () => {
    if (scopes.length === 0) throw new Error(t.scopesRequired);
    const res = await call(safetyEndpoints.createApiKey, { body: { name: name.trim(), scopes } });
    setSecret(res.secret);
    setName('');
    setScopes([]);
    reload();
  });
  const revoke = (id: string, keyName: string) =>
    askThen({ title: t.revokeTitle, message: t.revokeMessage(keyName), confirmLabel: t.revoke }, () =>
      call(safetyEndpoints.revokeApiKey, { params: { id } }),
    );

  return (
    <>
      <LoadState state={keys} reload={reload}>
        {(rows) => (
          <Table
            rows={rows}
            empty={t.noKeys}
            testId="api-keys"
            columns={[t.keyName, t.scopes, strings.table.at, strings.table.state]}
            row={(k) => (
              <tr key={k.id}>
                <td>{k.name}</td>
                <td>{k.scopes.map((s) => permissionLabels[s as Permission] ?? s).join('、')}</td>
                <td className="cn-num">{formatAt(k.created_at)}</td>
                <td>
                  {k.revoked_at ? (
                    <span className="cn-tag cn-tag--hot">{t.revoked}</span>
                  ) : (
                    <Button variant="secondary" onClick={() => void revoke(k.id, k.name)}>
                      {t.revoke}
                    </Button>
                  )}
                </td>
              </tr>
            )}
          />
        )}
      </LoadState>
      <form className="cn-form cn-card" style={{ marginTop: 16 }} onSubmit={(e) => void create(e)}>
        <label>
          {t.keyName}
          <input className="cn-input" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} required />
        </label>
        <fieldset className="cn-row" style={{ border: 'none', padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 700, fontSize: 13, marginBottom: 4 }}>{t.scopes}</legend>
          {PERMISSIONS.map((p) => (
            <label key={p} style={{ flexDirection: 'row', alignItems: 'center', fontWeight: 400 }}>
              <input
                type="checkbox"
                checked={scopes.includes(p)}
                onChange={(e) => setScopes((s) => (e.target.checked ? [...s, p] : s.filter((x) => x !== p)))}
              />
              {permissionLabels[p]}
            </label>
          ))}
        </fieldset>
        <FormError error={error} />
        <div>
          <Button type="submit">{t.createKey}</Button>
        </div>
      </form>
      {secret ? (
        <div className="cn-card" role="status" style={{ marginTop: 12 }}>
          <p>{t.keyCreated}</p>
          <p className="cn-secret">{secret}</p>
        </div>
      ) : null}
    </>
  );
}
