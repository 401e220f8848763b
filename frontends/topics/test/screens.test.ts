import { NO_FILTER, type FilterHistory, type Thread, type Topic } from '@honne/contracts/topics';
import { describe, expect, it } from 'vitest';

import { splitColumns } from '../src/features/latest/LatestPosts.tsx';
import { acceptsTopic, listChannel, listQuery } from '../src/features/post-list/PostList.tsx';
import { hasBack, startView } from '../src/features/search/ThemeSearch.tsx';

const filter = (patch: Partial<FilterHistory> = {}): FilterHistory => ({
  ...NO_FILTER,
  is_first_search: false,
  ...patch,
});
const thread = { id: 't1', area_id: 14, category_id: 1, sub_category_id: 1 } as Thread;
const topic = (patch: Partial<Topic> = {}) =>
  ({
    id: 'x',
    thread_id: 't1',
    category_id: 1,
    sub_category_id: 1,
    area_id: 14,
    user: { gender: '2', age_id: 3, age: { id: 3 }, is_anonymous: false },
    ...patch,
  }) as Topic;

describe('post list query and channel', () => {
  it('asks for the theme when one is chosen, else category / sub-category / area (1 = all)', () => {
    expect(listQuery(filter({ gender: '2', age_id: 3, user_status: 1 }), thread)).toEqual({
      gender: 2,
      age_id: 3,
      user_status: 1,
      thread_id: 't1',
    });
    expect(listQuery(filter({ category_id: 1, sub_category_id: 2, area_id: 1, gender: '0' }), null)).toEqual({
      category_id: 1,
      sub_category_id: 2,
    });
    expect(listChannel(filter(), thread)).toBe('topics:thread:t1');
    expect(listChannel(filter({ category_id: 1, sub_category_id: 2 }), null)).toBe('topics:sub:2');
    expect(listChannel(filter({ category_id: 1 }), null)).toBe('topics:category:1');
    expect(listChannel(filter(), null)).toBe('topics:all');
  });

  it('takes a live voice only when it matches the list', () => {
    expect(acceptsTopic(filter(), thread, topic())).toBe(true);
    expect(acceptsTopic(filter(), thread, topic({ thread_id: 'other' }))).toBe(false);
    expect(acceptsTopic(filter({ gender: '1' }), null, topic())).toBe(false);
    expect(acceptsTopic(filter({ gender: '2', age_id: 3 }), null, topic())).toBe(true);
    expect(acceptsTopic(filter({ age_id: 4 }), null, topic())).toBe(false);
    expect(acceptsTopic(filter({ area_id: 13 }), null, topic())).toBe(false);
    expect(acceptsTopic(filter({ user_status: 1 }), null, topic())).toBe(false);
  });
});

describe('theme search flow', () => {
  it('starts by the first-search flag, then the theme list or the categories', () => {
    expect(startView({ is_first_search: true, area_id: 14, sub_category_id: 1 })).toBe('welcome_search_view');
    expect(startView({ is_first_search: false, area_id: 14, sub_category_id: 1 })).toBe('show_thread_view');
    expect(startView({ is_first_search: false, area_id: 1, sub_category_id: 1 })).toBe('select_category_view');
    expect(startView({ is_first_search: false, area_id: 14, sub_category_id: null })).toBe('select_category_view');
  });
  it('has a back button except in the welcome and area views', () => {
    expect(hasBack('welcome_search_view')).toBe(false);
    expect(hasBack('select_area_view')).toBe(false);
    expect(hasBack('select_category_view')).toBe(true);
    expect(hasBack('show_thread_view')).toBe(true);
  });
});

describe('bubbles', () => {
  it('alternate odd and even items between the two columns', () => {
    expect(splitColumns([1, 2, 3, 4, 5])).toEqual([
      [1, 3, 5],
      [2, 4],
    ]);
  });
});
