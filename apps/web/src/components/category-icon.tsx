import {
  Briefcase,
  ChartColumn,
  Cloud,
  FileText,
  HardDrive,
  ListChecks,
  Megaphone,
  MessageSquare,
  Shield,
  ShoppingCart,
  Sparkles,
  Users,
  Wallet,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { IntegrationCategoryId } from '@app/shared';
import { cn } from '@/lib/utils';

const ICONS: Record<IntegrationCategoryId, LucideIcon> = {
  crm: Users,
  analytics: ChartColumn,
  marketing: Megaphone,
  communication: MessageSquare,
  ecommerce: ShoppingCart,
  finance: Wallet,
  automation: Zap,
  ai: Sparkles,
  productivity: ListChecks,
  business: Briefcase,
  content: FileText,
  storage: HardDrive,
  cloud: Cloud,
  security: Shield,
};
const TINTS: Partial<Record<IntegrationCategoryId, string>> = {
  crm: 'text-violet-300',
  analytics: 'text-cyan-300',
  marketing: 'text-pink-300',
  communication: 'text-sky-300',
  ecommerce: 'text-emerald-300',
  finance: 'text-amber-300',
  automation: 'text-yellow-300',
  ai: 'text-fuchsia-300',
  productivity: 'text-lime-300',
  security: 'text-rose-300',
};

/**
 * A catalogue entry's picture: an icon for its category. Drawn as SVG rather than the catalogue's emoji, which
 * many systems (and headless browsers) render as empty boxes.
 */
export function CategoryIcon({ category, className }: { category: IntegrationCategoryId; className?: string }) {
  const Icon = ICONS[category] ?? Sparkles;
  return <Icon aria-hidden className={cn('size-5', TINTS[category] ?? 'text-indigo-300', className)} />;
}
