/** How much slower this machine is right now than the reference (1 to 4); `TEST_TIME_FACTOR` sets it. */
export function machineFactor(): number;
