import { useState } from 'react';

import { AGE_FEATURES, AGE_STATES, ageEndpoints, type AgeFeaturePolicy, type AgeReview } from '@honne/contracts/age';
import { Button } from '@honne/ui';

import { call } from '../api.ts';
import { FormError, useFormSubmit } from '../form.tsx';
import { formatAt } from '../format.ts';
import { Empty, LoadState, useLoad } from '../load.tsx';
import { strings } from '../strings.ts';

const t = strings.age;

/**
 * 年齢確認 (ADR 0031): ID photos waiting for an operator, oldest first, then the latest decided.
 * The photo is fetched only when an operator opens it (each read is in the audit log) and is gone
 * once the review is decided, approved or rejected.
 */
export function AgeReviews({ canDecide, canSetFeatures }: { canDecide: boolean; canSetFeatures: boolean }) {
  const [reviews, reload] = useLoad((signal) => call(ageEndpoints.ageReviews, { signal }), 'age-reviews');
  return (
    <>
      <h1>{t.heading}</h1>
      <ContactPolicy canEdit={canDecide} />
      <FeaturePolicy canEdit={canSetFeatures} />
      <h2>{t.reviewsHeading}</h2>
      <p>{t.lead}</p>
      <LoadState state={reviews} reload={reload}>
        {(rows) =>
          rows.length === 0 ? (
            <Empty>{t.empty}</Empty>
          ) : (
            <ul data-testid="age-reviews" style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 16 }}>
              {rows.map((r) => (
                <ReviewItem key={r.id} review={r} canDecide={canDecide} onDecided={reload} />
              ))}
            </ul>
          )
        }
      </LoadState>
    </>
  );
}

function ReviewItem({
  review,
  canDecide,
  onDecided,
}: {
  review: AgeReview;
  canDecide: boolean;
  onDecided: () => void;
}) {
  const [image, setImage] = useState<string | undefined>();
  const [reason, setReason] = useState('');
  const open = useFormSubmit(async () => {
    const got = await call(ageEndpoints.ageReviewImage, { params: { id: review.id } });
    setImage(`data:${got.content_type};base64,${got.data}`);
  });
  const approve = useFormSubmit(async () => {
    await call(ageEndpoints.approveAgeReview, { params: { id: review.id } });
    setImage(undefined);
    onDecided();
  });
  const reject = useFormSubmit(async () => {
    if (!reason.trim()) throw new Error(t.reasonRequired);
    await call(ageEndpoints.rejectAgeReview, { params: { id: review.id }, body: { reason: reason.trim() } });
    setImage(undefined);
    onDecided();
  });
  const pending = review.status === 'pending';
  return (
    <li className="cn-card" data-review-id={review.id} data-status={review.status}>
      <p>
        <strong>{t.status[review.status]}</strong> · {t.person} {review.person_id} · {t.sent}{' '}
        {formatAt(review.created_at)}
        {review.decided_at ? ` · ${t.decided} ${formatAt(review.decided_at)}(${review.decided_by ?? ''})` : ''}
      </p>
      {review.reason ? <p>{t.reasonShown(review.reason)}</p> : null}
      {pending ? (
        <>
          {image ? (
            <img src={image} alt={t.imageAlt} style={{ maxWidth: '100%', maxHeight: 480 }} />
          ) : canDecide ? (
            <form onSubmit={(e) => void open.submit(e)}>
              <Button type="submit" variant="secondary">
                {t.showImage}
              </Button>
              <FormError error={open.error} />
            </form>
          ) : null}
          {canDecide ? (
            <div className="cn-row">
              <form onSubmit={(e) => void approve.submit(e)}>
                <Button type="submit">{t.approve}</Button>
                <FormError error={approve.error} />
              </form>
              <form onSubmit={(e) => void reject.submit(e)} className="cn-row">
                <label>
                  {t.reason}
                  <input
                    className="cn-input"
                    value={reason}
                    maxLength={200}
                    onChange={(e) => setReason(e.target.value)}
                  />
                </label>
                <Button type="submit" variant="secondary">
                  {t.reject}
                </Button>
                <FormError error={reject.error} />
              </form>
            </div>
          ) : null}
        </>
      ) : (
        <p>{t.imageGone}</p>
      )}
    </li>
  );
}

/** The adult pairs an operator may allow; a pair with a minor is never allowed (the server refuses it too). */
type State = keyof typeof t.stateName;
const PAIRS: readonly (readonly [State, State])[] = [
  ['verified_adult', 'verified_adult'],
  ['self_declared_adult', 'verified_adult'],
  ['self_declared_adult', 'self_declared_adult'],
];
const keyOf = (p: readonly string[]) => [...p].sort().join('+');

/** 連絡先交換の方針: between which states contact details pass in 1:1 chats (ADR 0031). */
function ContactPolicy({ canEdit }: { canEdit: boolean }) {
  const [loaded, reload] = useLoad((signal) => call(ageEndpoints.agePolicy, { signal }), 'age-policy');
  const [chosen, setChosen] = useState<Set<string> | undefined>();
  const [saved, setSaved] = useState(false);
  const save = useFormSubmit(async () => {
    if (!chosen) return;
    await call(ageEndpoints.setAgePolicy, {
      body: { contact_pairs: PAIRS.filter((p) => chosen.has(keyOf(p))).map((p) => [...p]) },
    });
    setSaved(true);
    reload();
  });
  return (
    <section className="cn-card" aria-labelledby="age-policy-heading" style={{ marginBottom: 24 }}>
      <h2 id="age-policy-heading">{t.policyHeading}</h2>
      <p>{t.policyLead}</p>
      <LoadState state={loaded} reload={reload}>
        {(view) => {
          const current = chosen ?? new Set(view.policy.contact_pairs.map(keyOf));
          return (
            <form onSubmit={(e) => void save.submit(e)} data-testid="age-policy">
              {PAIRS.map((p) => (
                <label key={keyOf(p)} style={{ display: 'block' }}>
                  <input
                    type="checkbox"
                    disabled={!canEdit}
                    checked={current.has(keyOf(p))}
                    onChange={(e) => {
                      const next = new Set(current);
                      if (e.target.checked) next.add(keyOf(p));
                      else next.delete(keyOf(p));
                      setChosen(next);
                      setSaved(false);
                    }}
                  />{' '}
                  {t.pair(t.stateName[p[0]], t.stateName[p[1]])}
                </label>
              ))}
              <p>{t.minorNever}</p>
              {view.updated_at ? <p>{t.updated(formatAt(view.updated_at), view.updated_by ?? '')}</p> : null}
              <SaveRow canEdit={canEdit} label={t.savePolicy} saved={saved ? t.policySaved : null} error={save.error} />
            </form>
          );
        }}
      </LoadState>
    </section>
  );
}

/** 機能ごとの年齢確認 (ADR 0038): which states may use each feature; admins change it. */
function FeaturePolicy({ canEdit }: { canEdit: boolean }) {
  const [loaded, reload] = useLoad((signal) => call(ageEndpoints.agePolicy, { signal }), 'age-features');
  const [chosen, setChosen] = useState<AgeFeaturePolicy | undefined>();
  const [saved, setSaved] = useState(false);
  const save = useFormSubmit(async () => {
    if (!chosen) return;
    await call(ageEndpoints.setAgeFeatures, { body: chosen });
    setSaved(true);
    setChosen(undefined);
    reload();
  });
  return (
    <section className="cn-card" aria-labelledby="age-features-heading" style={{ marginBottom: 24 }}>
      <h2 id="age-features-heading">{t.featuresHeading}</h2>
      <p>{t.featuresLead}</p>
      <LoadState state={loaded} reload={reload}>
        {(view) => {
          const current = chosen ?? view.policy.features;
          return (
            <form onSubmit={(e) => void save.submit(e)} data-testid="age-features">
              {AGE_FEATURES.map((f) => (
                <fieldset key={f} data-feature={f} style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
                  <legend>{t.featureName[f]}</legend>
                  {AGE_STATES.map((s) => (
                    <label key={s} style={{ marginRight: 16 }}>
                      <input
                        type="checkbox"
                        disabled={!canEdit}
                        checked={current[f].includes(s)}
                        onChange={(e) => {
                          const states = e.target.checked ? [...current[f], s] : current[f].filter((x) => x !== s);
                          setChosen({ ...current, [f]: AGE_STATES.filter((x) => states.includes(x)) });
                          setSaved(false);
                        }}
                      />{' '}
                      {t.stateName[s]}
                    </label>
                  ))}
                </fieldset>
              ))}
              <SaveRow
                canEdit={canEdit}
                label={t.saveFeatures}
                saved={saved ? t.featuresSaved : null}
                error={save.error}
              />
            </form>
          );
        }}
      </LoadState>
    </section>
  );
}

/** A policy form's save button (for those who may edit), what saving did, and the refusal if any. */
function SaveRow(props: { canEdit: boolean; label: string; saved: string | null; error: string | undefined }) {
  return (
    <>
      {props.canEdit ? <Button type="submit">{props.label}</Button> : null}
      {props.saved ? (
        <p className="cn-notice" role="status">
          {props.saved}
        </p>
      ) : null}
      <FormError error={props.error} />
    </>
  );
}
