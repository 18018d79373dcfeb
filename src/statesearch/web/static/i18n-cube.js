// The cube page's words in English and Korean, one entry a key (i18n.js merges them).
const METRIC = {
  htm: { en: "half-turn metric", ko: "반바퀴 기준" },
  qtm: { en: "quarter-turn metric", ko: "4분의 1바퀴 기준" },
};
const INVARIANT = {
  twist: {
    en: "a corner is twisted in place (the corner twists do not add up to 0 mod 3)",
    ko: "코너 조각 하나가 제자리에서 돌아가 있습니다 (코너 비틀림의 합이 3으로 나누어떨어지지 않음)",
  },
  flip: {
    en: "an edge is flipped in place (the edge flips do not add up to 0 mod 2)",
    ko: "엣지 조각 하나가 제자리에서 뒤집혀 있습니다 (엣지 뒤집힘의 합이 2로 나누어떨어지지 않음)",
  },
  parity: {
    en: "two pieces are swapped (the corner and edge permutations have different parity)",
    ko: "두 조각이 맞바뀌어 있습니다 (코너와 엣지 순열의 홀짝이 다름)",
  },
};

export const CUBE_WORDS = {
  tab_cube: { en: "Cube", ko: "큐브" },
  bidirectional: { en: "Bidirectional", ko: "양방향 탐색" },
  group_cube: { en: "Cube", ko: "큐브" },
  group_cube_set: { en: "Set up", ko: "준비" },
  cube_metric: { en: "Metric", ko: "기준" },
  cube_htm: { en: "half turns (U2 = 1 move)", ko: "반바퀴 (U2 = 1수)" },
  cube_qtm: { en: "quarter turns (U2 = 2 moves)", ko: "4분의 1바퀴 (U2 = 2수)" },
  cube_text: { en: "Scramble or facelets", ko: "섞는 순서 또는 면 색 문자열" },
  cube_apply: { en: "Set", ko: "적용" },
  cube_random: { en: "Random position", ko: "무작위 배치" },
  cube_turned: { en: "Turns by hand", ko: "손으로 돌린 횟수" },
  generated: { en: "Generated", ko: "생성한 상태 수" },
  cube_hint: {
    en: (size) => (size === 2
      ? "Buttons or keys U R F D L B (Shift: ′) turn a face. The solver holds the 2×2×2's down-back-left corner still, so its solution turns only U, R and F."
      : "Buttons or keys U R F D L B (Shift: ′) turn a face, seen from that face."),
    ko: (size) => (size === 2
      ? "버튼이나 U R F D L B 키(Shift: ′)로 면을 돌립니다. 풀이는 2×2×2의 아래-뒤-왼쪽 조각을 고정하므로 U, R, F만 돌립니다."
      : "버튼이나 U R F D L B 키(Shift: ′)로 면을 돌립니다. 그 면을 바라본 방향 기준입니다."),
  },
  cube_searching: {
    en: (s, cap) => `Searching… ${s.toFixed(1)} s (the server stops at ${cap} s)`,
    ko: (s, cap) => `탐색 중… ${s.toFixed(1)}초 (서버는 ${cap}초에 멈춥니다)`,
  },
  cube_note: {
    en: (size, korf, cap) => (size === 2
      ? `The 2×2×2 is solved optimally at once: its exact distance table holds all 3,674,160 positions. Every search stops after ${cap} s at most.`
      : korf
        ? `The 3×3×3 is solved optimally by the compiled IDA* with Korf's pattern databases; a random position (about 18 moves) can take longer than the server's ${cap} s.`
        : `The 3×3×3 is solved optimally by bidirectional search, but only when it is scrambled by a few moves: a longer scramble stops at the server's cap on the states a search may keep (the server has no pattern databases).`),
    ko: (size, korf, cap) => (size === 2
      ? `2×2×2는 곧바로 최적으로 풉니다: 정확한 거리표에 3,674,160개 배치가 모두 들어 있습니다. 모든 탐색은 최대 ${cap}초 뒤에 멈춥니다.`
      : korf
        ? `3×3×3는 코르프의 패턴 데이터베이스를 쓰는 컴파일된 IDA*로 최적으로 풉니다. 무작위 배치(18수 정도)는 서버의 ${cap}초보다 오래 걸릴 수 있습니다.`
        : `3×3×3는 양방향 탐색으로 최적으로 풀지만, 몇 수만 섞은 큐브만 풀 수 있습니다: 더 길게 섞으면 서버가 한 탐색에 허락하는 상태 수에서 멈춥니다 (서버에 패턴 데이터베이스가 없음).`),
  },
  cube_advice: {
    en: "For optimal solutions of random cubes, build Korf's tables once with:",
    ko: "무작위 큐브의 최적해를 구하려면 코르프의 표를 한 번 만드세요:",
  },
  // The static site: the page's own Python (no numpy, no compiled searches, no tables).
  cube_searching_page: {
    en: (s, cap) => `Searching in this page… ${s.toFixed(1)} s (it stops at ${cap} s)`,
    ko: (s, cap) => `이 페이지에서 탐색 중… ${s.toFixed(1)}초 (${cap}초에 멈춥니다)`,
  },
  cube_note_page: {
    en: (size, korf, cap) => (size === 2
      ? `This page solves the 2×2×2 optimally by bidirectional search, from the cube and from solved at once: no position is more than 11 moves away (14 in quarter turns), so it takes a second or two. Every search stops after ${cap} s at most.`
      : "Optimal 3×3×3 solving needs the installed statesearch: its compiled IDA* with Korf's pattern databases, which this page's Python cannot run. Turn, set and draw cubes here; the one shown is solved by:"),
    ko: (size, korf, cap) => (size === 2
      ? `이 페이지는 2×2×2를 양방향 탐색으로 최적으로 풉니다. 큐브 쪽과 맞춰진 쪽에서 동시에 찾으며, 어떤 배치도 11수(4분의 1바퀴 기준 14수) 안에 있으므로 1~2초면 됩니다. 모든 탐색은 최대 ${cap}초 뒤에 멈춥니다.`
      : "3×3×3의 최적 풀이에는 설치한 statesearch가 필요합니다: 코르프의 패턴 데이터베이스를 쓰는 컴파일된 IDA*는 이 페이지의 파이썬에서 돌릴 수 없습니다. 여기서 큐브를 돌리고, 설정하고, 무작위로 뽑을 수 있으며, 보이는 큐브는 다음 명령으로 풉니다:"),
  },
  cube_at_goal: { en: "The cube is solved.", ko: "큐브가 맞춰져 있습니다." },
  cube_found: {
    en: (n, metric) => `Optimal solution: ${n} ${n === 1 ? "move" : "moves"} (${METRIC[metric]?.en}).`,
    ko: (n, metric) => `최적해: ${n}수 (${METRIC[metric]?.ko}).`,
  },
  cube_found_turned: {
    en: (n, metric) => `Optimal solution: ${n} ${n === 1 ? "move" : "moves"} (${METRIC[metric]?.en}). It ends solved with the cube turned as a whole: the solver holds the down-back-left corner still.`,
    ko: (n, metric) => `최적해: ${n}수 (${METRIC[metric]?.ko}). 풀이는 아래-뒤-왼쪽 조각을 고정하므로, 큐브 전체가 돌아간 채로 맞춰집니다.`,
  },
  cube_unsolvable: {
    en: (why) => `Unsolvable, proved before any search: ${INVARIANT[why]?.en ?? why}.`,
    ko: (why) => `풀 수 없음, 탐색 전에 증명됨: ${INVARIANT[why]?.ko ?? why}.`,
  },
  cube_seed: {
    en: (seed) => `A uniform random position, seed ${seed}: type it under Seed to draw it again.`,
    ko: (seed) => `균등한 무작위 배치, 시드 ${seed}: 시드 칸에 적으면 같은 배치가 다시 나옵니다.`,
  },
  cube_seed_field: { en: "Seed (empty: a new one)", ko: "시드 (비우면 새로)" },
  // The tables by what they hold, with the CLI's name (-H exact, korf, coset, ...) to type.
  cube_h_exact: { en: "exact distance table (exact)", ko: "정확한 거리표" },
  cube_h_korf: { en: "Korf's pattern tables (korf)", ko: "Korf의 패턴 표" },
  cube_h_coset: { en: "coset table (coset)", ko: "코셋 표" },
  cube_h_orientation: { en: "orientation table (orientation)", ko: "방향 표" },
  cube_h_permutation: { en: "permutation table (permutation)", ko: "순열 표" },
  cube_h_pattern: { en: "orientation and permutation table (pattern)", ko: "방향·순열 표" },
};
