import type { Named } from '@honne/contracts/profile';
import { TOPIC_LIMITS, type FilterBody } from '@honne/contracts/topics';
import { Button, Header, SelectField, Skeleton } from '@honne/ui';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

import { T, client, profile, reference, useFail } from '../../data/api.ts';
import { strings } from '../../strings.ts';
import { ensureTopicsStyles } from '../../styles.ts';

ensureTopicsStyles();

interface Choice {
  gender: number;
  age: number;
  presence: number;
  area: number;
}

/**
 * `/filtertopic` (spec §2): gender, age group, presence and area, prefilled from the saved filter
 * and the profile's history object; saving goes home, where GET /topics applies it on the server.
 */
export default function FilterTopic() {
  const [, navigate] = useLocation();
  const fail = useFail();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [ages, setAges] = useState<Named[]>([]);
  const [areas, setAreas] = useState<Named[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let alive = true;
    Promise.all([
      client()
        .call(T.getFilter)
        .then((r) => r.data),
      profile().catch(() => null),
      reference.ages(),
      reference.areas(),
    ])
      .then(([f, p, ag, ar]) => {
        if (!alive) return;
        setAges(ag);
        setAreas(ar);
        const history = p?.history;
        setChoice({
          gender: Number(f.gender ?? history?.gender ?? 0) || 0,
          age: f.age_id ?? history?.age_id ?? 0,
          presence: f.user_status || history?.user_status || 0,
          area: f.area_id ?? TOPIC_LIMITS.allAreasId,
        });
      })
      .catch((e: unknown) => alive && fail(e));
    return () => {
      alive = false;
    };
  }, [fail]);

  const set = (patch: Partial<Choice>) => setChoice((c) => (c ? { ...c, ...patch } : c));

  const save = async () => {
    if (!choice) return;
    setSaving(true);
    try {
      const body: FilterBody = {
        gender: String(choice.gender) as FilterBody['gender'],
        age_id: choice.age,
        user_status: choice.presence,
        area_id: choice.area,
        area: areas.find((a) => a.id === choice.area)?.name ?? '',
      };
      await client().call(T.saveFilter, { body });
      navigate('/');
    } catch (e) {
      fail(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="tp-screen">
      <Header title={strings.filterTitle} onBack={() => window.history.back()} />
      <main className="hn-page" aria-busy={!choice}>
        {!choice ? (
          <div className="hn-stack">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={64} />
            ))}
          </div>
        ) : (
          <form
            className="tp-form"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <SelectField
              label={strings.gender}
              value={choice.gender}
              options={[0, 1, 2, 3].map((v) => ({ value: v, label: strings.genders[v]! }))}
              onChange={(v) => set({ gender: v })}
            />
            <SelectField
              label={strings.ageGroup}
              value={choice.age}
              options={[{ value: 0, label: strings.all }, ...ages.map((a) => ({ value: a.id, label: a.name }))]}
              onChange={(v) => set({ age: v })}
            />
            <SelectField
              label={strings.presence}
              value={choice.presence}
              options={[0, 1, 2].map((v) => ({ value: v, label: strings.presences[v]! }))}
              onChange={(v) => set({ presence: v })}
            />
            <SelectField
              label={strings.area}
              value={choice.area}
              options={areas.map((a) => ({ value: a.id, label: a.name }))}
              onChange={(v) => set({ area: v })}
            />
            <Button type="submit" block loading={saving}>
              {strings.save}
            </Button>
          </form>
        )}
      </main>
    </div>
  );
}
