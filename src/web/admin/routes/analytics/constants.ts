/** The tallest bar of the Daily Page Views chart. */
export const ANALYTICS_CHART_MAX_BAR_PX = 200;
