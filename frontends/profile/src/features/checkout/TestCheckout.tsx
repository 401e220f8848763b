import { getApi, isApiError } from '@honne/api-client';
import { pointsEndpoints, type Checkout } from '@honne/contracts/points';
import { Button, Header, Skeleton, usePopup } from '@honne/ui';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';

import { strings } from '../../strings.ts';
import { showError } from '../shared/errors.ts';

/**
 * /checkout/test/:id — the app's own checkout where no payment provider is configured (the
 * embedded start; the server refuses it in production). Clearly labelled as a test: paying signs
 * the completed checkout as the provider would, and the webhook path credits it. Then back to
 * /manage-point, as the provider's success and cancel URLs lead.
 */
export default function TestCheckout() {
  const { id } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const popup = usePopup();
  const t = strings.testCheckout;
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [busy, setBusy] = useState(false);
  const back = (cancelled: boolean) =>
    navigate(`/manage-point?checkout=${id}${cancelled ? '&cancelled=1' : ''}`, { replace: true });

  const failed = async (error: unknown) => {
    const why = isApiError(error) && error.kind === 'http' ? error.message : showError(error, []).popup;
    if (why) await popup.alert(why);
  };

  useEffect(() => {
    let alive = true;
    getApi()
      .client.call(pointsEndpoints.checkout, { params: { id } })
      .then(({ data }) => alive && setCheckout(data))
      .catch(async (error: unknown) => {
        await failed(error);
        navigate('/manage-point', { replace: true });
      });
    return () => {
      alive = false;
    };
  }, [id]);

  const pay = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await getApi().client.call(pointsEndpoints.payTestCheckout, { params: { id } });
      back(false);
    } catch (error) {
      setBusy(false);
      await failed(error);
    }
  };

  return (
    <>
      <Header title={t.title} onBack={() => back(true)} />
      <main className="hn-page">
        <p
          role="note"
          className="hn-card hn-text-small"
          style={{
            margin: 0,
            fontWeight: 700,
            background: 'var(--hn-color-warning-soft)',
            color: 'var(--hn-color-text)',
            border: '2px dashed var(--hn-color-warning)',
          }}
        >
          {t.banner}
        </p>
        <section className="hn-card hn-stack" aria-label={t.title} style={{ alignItems: 'center' }}>
          {checkout ? (
            <>
              <p className="hn-num" style={{ margin: 0, fontSize: 24, fontWeight: 700 }}>
                {t.item(checkout.points)}
              </p>
              <p className="hn-num" style={{ margin: 0, fontSize: 20 }}>
                {t.price(checkout.yen)}
              </p>
            </>
          ) : (
            <Skeleton width={160} height={56} />
          )}
        </section>
        {checkout?.status === 'paid' ? (
          <p role="status" className="hn-text-small" style={{ margin: 0, textAlign: 'center' }}>
            {t.paid}
          </p>
        ) : null}
        <Button block loading={busy} disabled={!checkout || checkout.status === 'paid'} onClick={() => void pay()}>
          {t.pay}
        </Button>
        <Button block variant="secondary" disabled={busy} onClick={() => back(true)}>
          {t.cancel}
        </Button>
      </main>
    </>
  );
}
