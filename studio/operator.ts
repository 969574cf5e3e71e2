import { createContext, use } from 'react';
import { studioData, type Resource } from './api.ts';

export type StudioRight = 'read' | 'draft' | 'publish' | 'audit' | 'preview' | 'decide';

/** The signed-in operator as GET /studio/api/self answers it. */
export interface Operator {
  username: string;
  display_name: string;
  role: 'editor' | 'publisher' | 'auditor';
  rights: StudioRight[];
  tenants: string[];
}

export interface OperatorState {
  operator: Operator | null;
  setOperator(operator: Operator | null): void;
}

export const OperatorContext = createContext<OperatorState | null>(null);

export function useOperator(): OperatorState {
  const state = use(OperatorContext);
  if (!state) throw new Error('useOperator outside the studio');
  return state;
}

/** What the operator's role allows: the buttons each screen shows (the API refuses the rest anyway). */
export function may(operator: Operator | null, right: StudioRight): boolean {
  return operator?.rights.includes(right) ?? false;
}

/** The signed-in operator, or null when the studio session is missing or over (401). */
export async function currentOperator(): Promise<Operator | null> {
  try {
    return (await studioData<Resource<Operator>>('/self')).attributes;
  } catch (error) {
    if ((error as { status?: number }).status === 401) return null;
    throw error;
  }
}
