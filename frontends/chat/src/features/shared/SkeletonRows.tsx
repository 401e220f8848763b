import { Skeleton } from '@honne/ui';

/** A person list while it loads: three rows of an avatar and a name (blocks, the friend search). */
export function SkeletonRows() {
  return (
    <div aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="ch-skel-row">
          <Skeleton width={48} height={48} radius="50%" />
          <Skeleton width="45%" height={14} />
        </div>
      ))}
    </div>
  );
}
