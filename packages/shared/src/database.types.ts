export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "13"
  }
  public: {
    Tables: {
      action_plan_phases: {
        Row: {
          end_day: number
          name: string
          phase: number
          plan_id: string
          start_day: number
          user_id: string
        }
        Insert: {
          end_day: number
          name: string
          phase: number
          plan_id: string
          start_day: number
          user_id?: string
        }
        Update: {
          end_day?: number
          name?: string
          phase?: number
          plan_id?: string
          start_day?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "action_plan_phases_plan_id_fkey"
            columns: ["plan_id"]
            isOneToOne: false
            referencedRelation: "action_plans"
            referencedColumns: ["id"]
          },
        ]
      }
      action_plan_tasks: {
        Row: {
          detail: string | null
          done: boolean
          done_at: string | null
          due_date: string | null
          id: string
          owner_name: string | null
          phase: number
          phase_name: string
          plan_id: string
          position: number
          status: string
          title: string
          user_id: string
        }
        Insert: {
          detail?: string | null
          done?: boolean
          done_at?: string | null
          due_date?: string | null
          id?: string
          owner_name?: string | null
          phase: number
          phase_name: string
          plan_id: string
          position: number
          status?: string
          title: string
          user_id?: string
        }
        Update: {
          detail?: string | null
          done?: boolean
          done_at?: string | null
          due_date?: string | null
          id?: string
          owner_name?: string | null
          phase?: number
          phase_name?: string
          plan_id?: string
          position?: number
          status?: string
          title?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "action_plan_tasks_plan_id_fkey"
            columns: ["plan_id"]
            isOneToOne: false
            referencedRelation: "action_plans"
            referencedColumns: ["id"]
          },
        ]
      }
      action_plan_versions: {
        Row: {
          actor: string
          created_at: string
          id: string
          number: number
          plan_id: string
          snapshot: Json
          summary: string
          txid: number
          user_id: string
        }
        Insert: {
          actor: string
          created_at?: string
          id?: string
          number: number
          plan_id: string
          snapshot: Json
          summary: string
          txid?: number
          user_id: string
        }
        Update: {
          actor?: string
          created_at?: string
          id?: string
          number?: number
          plan_id?: string
          snapshot?: Json
          summary?: string
          txid?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "action_plan_versions_plan_id_fkey"
            columns: ["plan_id"]
            isOneToOne: false
            referencedRelation: "action_plans"
            referencedColumns: ["id"]
          },
        ]
      }
      action_plans: {
        Row: {
          archived_at: string | null
          conversation_id: string | null
          created_at: string
          id: string
          starts_on: string
          title: string
          user_id: string
        }
        Insert: {
          archived_at?: string | null
          conversation_id?: string | null
          created_at?: string
          id?: string
          starts_on?: string
          title: string
          user_id?: string
        }
        Update: {
          archived_at?: string | null
          conversation_id?: string | null
          created_at?: string
          id?: string
          starts_on?: string
          title?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "action_plans_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "coach_conversations"
            referencedColumns: ["id"]
          },
        ]
      }
      analytics_events: {
        Row: {
          created_at: string
          event_data: Json
          event_type: string
          id: number
          ip_address: string | null
          session_id: string | null
          user_agent: string | null
          user_id: string | null
        }
        Insert: {
          created_at?: string
          event_data?: Json
          event_type: string
          id?: never
          ip_address?: string | null
          session_id?: string | null
          user_agent?: string | null
          user_id?: string | null
        }
        Update: {
          created_at?: string
          event_data?: Json
          event_type?: string
          id?: never
          ip_address?: string | null
          session_id?: string | null
          user_agent?: string | null
          user_id?: string | null
        }
        Relationships: []
      }
      billing_customers: {
        Row: {
          currency: string | null
          stripe_customer_id: string | null
          stripe_subscription_id: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          currency?: string | null
          stripe_customer_id?: string | null
          stripe_subscription_id?: string | null
          updated_at?: string
          user_id: string
        }
        Update: {
          currency?: string | null
          stripe_customer_id?: string | null
          stripe_subscription_id?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      business_profiles: {
        Row: {
          ai_features_enabled: boolean
          business_name: string | null
          business_stage: string
          business_story: string | null
          business_targets: string | null
          challenges: string[]
          completeness: number | null
          created_at: string
          currency: string
          current_focus: string | null
          current_step: number
          financial_management: string | null
          funding_source: string | null
          goals: string[]
          industry: string | null
          key_metrics: string[]
          marketing_strategy: string | null
          monthly_revenue: string | null
          node_positions: Json
          onboarding_completed: boolean
          onboarding_completed_at: string | null
          preferences: Json
          problem_solving: string | null
          product_service: string | null
          sales_strategy: string | null
          target_audience: string | null
          team_size: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          ai_features_enabled?: boolean
          business_name?: string | null
          business_stage?: string
          business_story?: string | null
          business_targets?: string | null
          challenges?: string[]
          completeness?: number | null
          created_at?: string
          currency?: string
          current_focus?: string | null
          current_step?: number
          financial_management?: string | null
          funding_source?: string | null
          goals?: string[]
          industry?: string | null
          key_metrics?: string[]
          marketing_strategy?: string | null
          monthly_revenue?: string | null
          node_positions?: Json
          onboarding_completed?: boolean
          onboarding_completed_at?: string | null
          preferences?: Json
          problem_solving?: string | null
          product_service?: string | null
          sales_strategy?: string | null
          target_audience?: string | null
          team_size?: string | null
          updated_at?: string
          user_id?: string
        }
        Update: {
          ai_features_enabled?: boolean
          business_name?: string | null
          business_stage?: string
          business_story?: string | null
          business_targets?: string | null
          challenges?: string[]
          completeness?: number | null
          created_at?: string
          currency?: string
          current_focus?: string | null
          current_step?: number
          financial_management?: string | null
          funding_source?: string | null
          goals?: string[]
          industry?: string | null
          key_metrics?: string[]
          marketing_strategy?: string | null
          monthly_revenue?: string | null
          node_positions?: Json
          onboarding_completed?: boolean
          onboarding_completed_at?: string | null
          preferences?: Json
          problem_solving?: string | null
          product_service?: string | null
          sales_strategy?: string | null
          target_audience?: string | null
          team_size?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      coach_conversations: {
        Row: {
          created_at: string
          id: string
          title: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          title?: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          id?: string
          title?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      coach_messages: {
        Row: {
          conversation_id: string
          created_at: string
          id: string
          parts: Json
          role: string
          user_id: string
        }
        Insert: {
          conversation_id: string
          created_at?: string
          id?: string
          parts: Json
          role: string
          user_id: string
        }
        Update: {
          conversation_id?: string
          created_at?: string
          id?: string
          parts?: Json
          role?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "coach_messages_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "coach_conversations"
            referencedColumns: ["id"]
          },
        ]
      }
      connection_ideas: {
        Row: {
          created_at: string
          from_tool: string
          id: string
          idea: string
          positions: Json
          to_tool: string
          user_id: string
        }
        Insert: {
          created_at?: string
          from_tool: string
          id?: string
          idea: string
          positions?: Json
          to_tool: string
          user_id?: string
        }
        Update: {
          created_at?: string
          from_tool?: string
          id?: string
          idea?: string
          positions?: Json
          to_tool?: string
          user_id?: string
        }
        Relationships: []
      }
      connection_requests: {
        Row: {
          created_at: string
          description: string
          handled_at: string | null
          id: string
          ip_address: string | null
          source_app: string
          status: string
          target_app: string
          user_agent: string | null
          user_id: string | null
        }
        Insert: {
          created_at?: string
          description: string
          handled_at?: string | null
          id?: string
          ip_address?: string | null
          source_app: string
          status?: string
          target_app: string
          user_agent?: string | null
          user_id?: string | null
        }
        Update: {
          created_at?: string
          description?: string
          handled_at?: string | null
          id?: string
          ip_address?: string | null
          source_app?: string
          status?: string
          target_app?: string
          user_agent?: string | null
          user_id?: string | null
        }
        Relationships: []
      }
      connection_run_steps: {
        Row: {
          attempt: number
          duration_ms: number | null
          error: string | null
          finished_at: string
          id: string
          request: Json | null
          response: Json | null
          run_id: string
          started_at: string
          status: string
          step_index: number
          type: string
          user_id: string
        }
        Insert: {
          attempt: number
          duration_ms?: number | null
          error?: string | null
          finished_at?: string
          id?: string
          request?: Json | null
          response?: Json | null
          run_id: string
          started_at?: string
          status: string
          step_index: number
          type: string
          user_id: string
        }
        Update: {
          attempt?: number
          duration_ms?: number | null
          error?: string | null
          finished_at?: string
          id?: string
          request?: Json | null
          response?: Json | null
          run_id?: string
          started_at?: string
          status?: string
          step_index?: number
          type?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "connection_run_steps_run_id_fkey"
            columns: ["run_id"]
            isOneToOne: false
            referencedRelation: "connection_runs"
            referencedColumns: ["id"]
          },
        ]
      }
      connection_runs: {
        Row: {
          attempt: number
          connection_id: string
          created_at: string
          error: string | null
          event_depth: number
          finished_at: string | null
          id: string
          job_seq: number
          kind: string
          next_attempt_at: string | null
          payload: Json
          rerun_of: string | null
          started_at: string | null
          status: string
          step_index: number
          user_id: string
          worked_by: string | null
        }
        Insert: {
          attempt?: number
          connection_id: string
          created_at?: string
          error?: string | null
          event_depth?: number
          finished_at?: string | null
          id?: string
          job_seq?: number
          kind?: string
          next_attempt_at?: string | null
          payload?: Json
          rerun_of?: string | null
          started_at?: string | null
          status?: string
          step_index?: number
          user_id: string
          worked_by?: string | null
        }
        Update: {
          attempt?: number
          connection_id?: string
          created_at?: string
          error?: string | null
          event_depth?: number
          finished_at?: string | null
          id?: string
          job_seq?: number
          kind?: string
          next_attempt_at?: string | null
          payload?: Json
          rerun_of?: string | null
          started_at?: string | null
          status?: string
          step_index?: number
          user_id?: string
          worked_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "connection_runs_connection_id_fkey"
            columns: ["connection_id"]
            isOneToOne: false
            referencedRelation: "connections"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "connection_runs_rerun_of_fkey"
            columns: ["rerun_of"]
            isOneToOne: false
            referencedRelation: "connection_runs"
            referencedColumns: ["id"]
          },
        ]
      }
      connections: {
        Row: {
          created_at: string
          enabled: boolean
          id: string
          inbound_token: string | null
          name: string
          origin: Json | null
          signing_secret: string | null
          steps: Json
          trigger: Json
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          enabled?: boolean
          id?: string
          inbound_token?: string | null
          name: string
          origin?: Json | null
          signing_secret?: string | null
          steps?: Json
          trigger?: Json
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          enabled?: boolean
          id?: string
          inbound_token?: string | null
          name?: string
          origin?: Json | null
          signing_secret?: string | null
          steps?: Json
          trigger?: Json
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      consent_records: {
        Row: {
          accepted: boolean
          anonymous_id: string | null
          consent_version: string
          created_at: string
          functional: boolean
          id: string
          ip_address: string | null
          necessary: boolean
          performance: boolean
          targeting: boolean
          user_agent: string | null
          user_id: string | null
        }
        Insert: {
          accepted?: boolean
          anonymous_id?: string | null
          consent_version?: string
          created_at?: string
          functional?: boolean
          id?: string
          ip_address?: string | null
          necessary?: boolean
          performance?: boolean
          targeting?: boolean
          user_agent?: string | null
          user_id?: string | null
        }
        Update: {
          accepted?: boolean
          anonymous_id?: string | null
          consent_version?: string
          created_at?: string
          functional?: boolean
          id?: string
          ip_address?: string | null
          necessary?: boolean
          performance?: boolean
          targeting?: boolean
          user_agent?: string | null
          user_id?: string | null
        }
        Relationships: []
      }
      contact_messages: {
        Row: {
          created_at: string
          email: string
          handled_at: string | null
          id: string
          ip_address: string | null
          message: string
          name: string
          status: string
          subject: string | null
          user_agent: string | null
          user_id: string | null
        }
        Insert: {
          created_at?: string
          email: string
          handled_at?: string | null
          id?: string
          ip_address?: string | null
          message: string
          name: string
          status?: string
          subject?: string | null
          user_agent?: string | null
          user_id?: string | null
        }
        Update: {
          created_at?: string
          email?: string
          handled_at?: string | null
          id?: string
          ip_address?: string | null
          message?: string
          name?: string
          status?: string
          subject?: string | null
          user_agent?: string | null
          user_id?: string | null
        }
        Relationships: []
      }
      credit_ledger: {
        Row: {
          conversation_id: string | null
          created_at: string
          delta: number
          feature: string | null
          grant_key: string | null
          id: number
          input_tokens: number | null
          output_tokens: number | null
          reason: string
          user_id: string
        }
        Insert: {
          conversation_id?: string | null
          created_at?: string
          delta: number
          feature?: string | null
          grant_key?: string | null
          id?: never
          input_tokens?: number | null
          output_tokens?: number | null
          reason: string
          user_id: string
        }
        Update: {
          conversation_id?: string | null
          created_at?: string
          delta?: number
          feature?: string | null
          grant_key?: string | null
          id?: never
          input_tokens?: number | null
          output_tokens?: number | null
          reason?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "credit_ledger_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "coach_conversations"
            referencedColumns: ["id"]
          },
        ]
      }
      credit_reservations: {
        Row: {
          created_at: string
          credits: number
          expires_at: string
          id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          credits: number
          expires_at?: string
          id?: string
          user_id: string
        }
        Update: {
          created_at?: string
          credits?: number
          expires_at?: string
          id?: string
          user_id?: string
        }
        Relationships: []
      }
      crm_activities: {
        Row: {
          body: string
          contact_id: string | null
          created_at: string
          deal_id: string | null
          id: string
          kind: string
          meta: Json
          occurred_at: string
          user_id: string
        }
        Insert: {
          body?: string
          contact_id?: string | null
          created_at?: string
          deal_id?: string | null
          id?: string
          kind: string
          meta?: Json
          occurred_at?: string
          user_id?: string
        }
        Update: {
          body?: string
          contact_id?: string | null
          created_at?: string
          deal_id?: string | null
          id?: string
          kind?: string
          meta?: Json
          occurred_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "crm_activities_contact_id_user_id_fkey"
            columns: ["contact_id", "user_id"]
            isOneToOne: false
            referencedRelation: "crm_contacts"
            referencedColumns: ["id", "user_id"]
          },
          {
            foreignKeyName: "crm_activities_deal_id_user_id_fkey"
            columns: ["deal_id", "user_id"]
            isOneToOne: false
            referencedRelation: "crm_deals"
            referencedColumns: ["id", "user_id"]
          },
        ]
      }
      crm_companies: {
        Row: {
          created_at: string
          domain: string | null
          id: string
          name: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          domain?: string | null
          id?: string
          name: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          domain?: string | null
          id?: string
          name?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      crm_contacts: {
        Row: {
          company_id: string | null
          created_at: string
          custom: Json
          email: string | null
          id: string
          last_activity_at: string | null
          name: string
          notes: string | null
          phone: string | null
          search: string
          source: string | null
          tags: string[]
          updated_at: string
          user_id: string
        }
        Insert: {
          company_id?: string | null
          created_at?: string
          custom?: Json
          email?: string | null
          id?: string
          last_activity_at?: string | null
          name: string
          notes?: string | null
          phone?: string | null
          search?: string
          source?: string | null
          tags?: string[]
          updated_at?: string
          user_id?: string
        }
        Update: {
          company_id?: string | null
          created_at?: string
          custom?: Json
          email?: string | null
          id?: string
          last_activity_at?: string | null
          name?: string
          notes?: string | null
          phone?: string | null
          search?: string
          source?: string | null
          tags?: string[]
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "crm_contacts_company_id_user_id_fkey"
            columns: ["company_id", "user_id"]
            isOneToOne: false
            referencedRelation: "crm_companies"
            referencedColumns: ["id", "user_id"]
          },
        ]
      }
      crm_custom_fields: {
        Row: {
          created_at: string
          id: string
          key: string
          label: string
          options: string[]
          position: number
          type: string
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          key: string
          label: string
          options?: string[]
          position?: number
          type: string
          user_id?: string
        }
        Update: {
          created_at?: string
          id?: string
          key?: string
          label?: string
          options?: string[]
          position?: number
          type?: string
          user_id?: string
        }
        Relationships: []
      }
      crm_deals: {
        Row: {
          closed_at: string | null
          company_id: string | null
          contact_id: string | null
          created_at: string
          currency: string
          expected_close: string | null
          id: string
          position: number
          stage_id: string
          title: string
          updated_at: string
          user_id: string
          value: number
        }
        Insert: {
          closed_at?: string | null
          company_id?: string | null
          contact_id?: string | null
          created_at?: string
          currency?: string
          expected_close?: string | null
          id?: string
          position?: number
          stage_id: string
          title: string
          updated_at?: string
          user_id?: string
          value?: number
        }
        Update: {
          closed_at?: string | null
          company_id?: string | null
          contact_id?: string | null
          created_at?: string
          currency?: string
          expected_close?: string | null
          id?: string
          position?: number
          stage_id?: string
          title?: string
          updated_at?: string
          user_id?: string
          value?: number
        }
        Relationships: [
          {
            foreignKeyName: "crm_deals_company_id_user_id_fkey"
            columns: ["company_id", "user_id"]
            isOneToOne: false
            referencedRelation: "crm_companies"
            referencedColumns: ["id", "user_id"]
          },
          {
            foreignKeyName: "crm_deals_contact_id_user_id_fkey"
            columns: ["contact_id", "user_id"]
            isOneToOne: false
            referencedRelation: "crm_contacts"
            referencedColumns: ["id", "user_id"]
          },
          {
            foreignKeyName: "crm_deals_stage_id_user_id_fkey"
            columns: ["stage_id", "user_id"]
            isOneToOne: false
            referencedRelation: "crm_stages"
            referencedColumns: ["id", "user_id"]
          },
        ]
      }
      crm_saved_views: {
        Row: {
          created_at: string
          entity: string
          filters: Json
          id: string
          name: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          entity?: string
          filters?: Json
          id?: string
          name: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          entity?: string
          filters?: Json
          id?: string
          name?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      crm_stages: {
        Row: {
          created_at: string
          id: string
          kind: string
          name: string
          position: number
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          kind?: string
          name: string
          position?: number
          user_id?: string
        }
        Update: {
          created_at?: string
          id?: string
          kind?: string
          name?: string
          position?: number
          user_id?: string
        }
        Relationships: []
      }
      crm_tasks: {
        Row: {
          contact_id: string | null
          created_at: string
          deal_id: string | null
          done_at: string | null
          due_date: string | null
          id: string
          title: string
          updated_at: string
          user_id: string
        }
        Insert: {
          contact_id?: string | null
          created_at?: string
          deal_id?: string | null
          done_at?: string | null
          due_date?: string | null
          id?: string
          title: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          contact_id?: string | null
          created_at?: string
          deal_id?: string | null
          done_at?: string | null
          due_date?: string | null
          id?: string
          title?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "crm_tasks_contact_id_user_id_fkey"
            columns: ["contact_id", "user_id"]
            isOneToOne: false
            referencedRelation: "crm_contacts"
            referencedColumns: ["id", "user_id"]
          },
          {
            foreignKeyName: "crm_tasks_deal_id_user_id_fkey"
            columns: ["deal_id", "user_id"]
            isOneToOne: false
            referencedRelation: "crm_deals"
            referencedColumns: ["id", "user_id"]
          },
        ]
      }
      ebook_subscribers: {
        Row: {
          created_at: string
          email: string
          id: string
          name: string
          source: string
          status: string
          waitlist_position: number
        }
        Insert: {
          created_at?: string
          email: string
          id?: string
          name: string
          source?: string
          status?: string
          waitlist_position: number
        }
        Update: {
          created_at?: string
          email?: string
          id?: string
          name?: string
          source?: string
          status?: string
          waitlist_position?: number
        }
        Relationships: []
      }
      integration_requests: {
        Row: {
          contact_email: string | null
          created_at: string
          description: string
          handled_at: string | null
          id: string
          ip_address: string | null
          service_name: string
          status: string
          use_case: string
          user_agent: string | null
          user_id: string | null
        }
        Insert: {
          contact_email?: string | null
          created_at?: string
          description: string
          handled_at?: string | null
          id?: string
          ip_address?: string | null
          service_name: string
          status?: string
          use_case: string
          user_agent?: string | null
          user_id?: string | null
        }
        Update: {
          contact_email?: string | null
          created_at?: string
          description?: string
          handled_at?: string | null
          id?: string
          ip_address?: string | null
          service_name?: string
          status?: string
          use_case?: string
          user_agent?: string | null
          user_id?: string | null
        }
        Relationships: []
      }
      integrations: {
        Row: {
          actions: string[]
          builtin: boolean
          category: string
          connections: number
          created_at: string
          description: string
          icon: string
          id: string
          name: string
          popular: boolean
          rating: number
          website: string | null
        }
        Insert: {
          actions: string[]
          builtin?: boolean
          category: string
          connections?: number
          created_at?: string
          description: string
          icon: string
          id: string
          name: string
          popular?: boolean
          rating: number
          website?: string | null
        }
        Update: {
          actions?: string[]
          builtin?: boolean
          category?: string
          connections?: number
          created_at?: string
          description?: string
          icon?: string
          id?: string
          name?: string
          popular?: boolean
          rating?: number
          website?: string | null
        }
        Relationships: []
      }
      metric_values: {
        Row: {
          created_at: string
          id: string
          metric_id: string
          period: string
          period_start: string
          source: string
          updated_at: string
          user_id: string
          value: number
        }
        Insert: {
          created_at?: string
          id?: string
          metric_id: string
          period: string
          period_start: string
          source?: string
          updated_at?: string
          user_id?: string
          value: number
        }
        Update: {
          created_at?: string
          id?: string
          metric_id?: string
          period?: string
          period_start?: string
          source?: string
          updated_at?: string
          user_id?: string
          value?: number
        }
        Relationships: []
      }
      plan_requests: {
        Row: {
          created_at: string
          detail: string | null
          handled_at: string | null
          id: string
          ip_address: string | null
          kind: string
          plan_id: string | null
          status: string
          user_agent: string | null
          user_id: string
        }
        Insert: {
          created_at?: string
          detail?: string | null
          handled_at?: string | null
          id?: string
          ip_address?: string | null
          kind: string
          plan_id?: string | null
          status?: string
          user_agent?: string | null
          user_id?: string
        }
        Update: {
          created_at?: string
          detail?: string | null
          handled_at?: string | null
          id?: string
          ip_address?: string | null
          kind?: string
          plan_id?: string | null
          status?: string
          user_agent?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "plan_requests_plan_id_fkey"
            columns: ["plan_id"]
            isOneToOne: false
            referencedRelation: "plans"
            referencedColumns: ["id"]
          },
        ]
      }
      plans: {
        Row: {
          button_text: string
          credits: number
          description: string
          features: string[]
          id: string
          limits: Json
          modules: string[]
          name: string
          period: string
          popular: boolean
          premium: boolean
          price_gbp: number | null
          price_usd: number | null
          sort_order: number
          va_hours: number | null
        }
        Insert: {
          button_text: string
          credits: number
          description: string
          features: string[]
          id: string
          limits?: Json
          modules: string[]
          name: string
          period?: string
          popular?: boolean
          premium?: boolean
          price_gbp?: number | null
          price_usd?: number | null
          sort_order: number
          va_hours?: number | null
        }
        Update: {
          button_text?: string
          credits?: number
          description?: string
          features?: string[]
          id?: string
          limits?: Json
          modules?: string[]
          name?: string
          period?: string
          popular?: boolean
          premium?: boolean
          price_gbp?: number | null
          price_usd?: number | null
          sort_order?: number
          va_hours?: number | null
        }
        Relationships: []
      }
      profiles: {
        Row: {
          created_at: string
          first_name: string | null
          id: string
          plan_reminders: boolean
          surname: string | null
          time_zone: string | null
          updated_at: string
          weekly_review: boolean
        }
        Insert: {
          created_at?: string
          first_name?: string | null
          id: string
          plan_reminders?: boolean
          surname?: string | null
          time_zone?: string | null
          updated_at?: string
          weekly_review?: boolean
        }
        Update: {
          created_at?: string
          first_name?: string | null
          id?: string
          plan_reminders?: boolean
          surname?: string | null
          time_zone?: string | null
          updated_at?: string
          weekly_review?: boolean
        }
        Relationships: []
      }
      security_audit_log: {
        Row: {
          created_at: string
          event_details: Json
          event_type: string
          id: number
          ip_address: string | null
          severity: string
          source: string
          user_agent: string | null
          user_id: string | null
        }
        Insert: {
          created_at?: string
          event_details?: Json
          event_type: string
          id?: never
          ip_address?: string | null
          severity?: string
          source?: string
          user_agent?: string | null
          user_id?: string | null
        }
        Update: {
          created_at?: string
          event_details?: Json
          event_type?: string
          id?: never
          ip_address?: string | null
          severity?: string
          source?: string
          user_agent?: string | null
          user_id?: string | null
        }
        Relationships: []
      }
      stripe_events: {
        Row: {
          id: string
          received_at: string
          type: string
        }
        Insert: {
          id: string
          received_at?: string
          type: string
        }
        Update: {
          id?: string
          received_at?: string
          type?: string
        }
        Relationships: []
      }
      stripe_metric_sources: {
        Row: {
          created_at: string
          key_ciphertext: string
          key_hint: string
          last_error: string | null
          last_synced_at: string | null
          status: string
          user_id: string
        }
        Insert: {
          created_at?: string
          key_ciphertext: string
          key_hint: string
          last_error?: string | null
          last_synced_at?: string | null
          status?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          key_ciphertext?: string
          key_hint?: string
          last_error?: string | null
          last_synced_at?: string | null
          status?: string
          user_id?: string
        }
        Relationships: []
      }
      subscriptions: {
        Row: {
          cancel_at_period_end: boolean
          created_at: string
          current_period_end: string | null
          current_period_start: string
          grace_until: string | null
          plan_id: string
          status: string
          trial_ends_at: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          cancel_at_period_end?: boolean
          created_at?: string
          current_period_end?: string | null
          current_period_start?: string
          grace_until?: string | null
          plan_id: string
          status?: string
          trial_ends_at?: string | null
          updated_at?: string
          user_id: string
        }
        Update: {
          cancel_at_period_end?: boolean
          created_at?: string
          current_period_end?: string | null
          current_period_start?: string
          grace_until?: string | null
          plan_id?: string
          status?: string
          trial_ends_at?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "subscriptions_plan_id_fkey"
            columns: ["plan_id"]
            isOneToOne: false
            referencedRelation: "plans"
            referencedColumns: ["id"]
          },
        ]
      }
      tracked_metrics: {
        Row: {
          created_at: string
          metric_id: string
          target: number | null
          user_id: string
        }
        Insert: {
          created_at?: string
          metric_id: string
          target?: number | null
          user_id?: string
        }
        Update: {
          created_at?: string
          metric_id?: string
          target?: number | null
          user_id?: string
        }
        Relationships: []
      }
      user_sessions: {
        Row: {
          created_at: string
          device_fingerprint: string | null
          expires_at: string
          id: string
          is_remembered: boolean
          session_token: string
          user_id: string
        }
        Insert: {
          created_at?: string
          device_fingerprint?: string | null
          expires_at?: string
          id?: string
          is_remembered?: boolean
          session_token: string
          user_id?: string
        }
        Update: {
          created_at?: string
          device_fingerprint?: string | null
          expires_at?: string
          id?: string
          is_remembered?: boolean
          session_token?: string
          user_id?: string
        }
        Relationships: []
      }
      user_tools: {
        Row: {
          created_at: string
          integration_id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          integration_id: string
          user_id?: string
        }
        Update: {
          created_at?: string
          integration_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_tools_integration_id_fkey"
            columns: ["integration_id"]
            isOneToOne: false
            referencedRelation: "integrations"
            referencedColumns: ["id"]
          },
        ]
      }
      weekly_reviews: {
        Row: {
          attempts: number
          content: Json | null
          created_at: string
          id: string
          reason: string | null
          status: string
          updated_at: string
          user_id: string
          week_start: string
        }
        Insert: {
          attempts?: number
          content?: Json | null
          created_at?: string
          id?: string
          reason?: string | null
          status: string
          updated_at?: string
          user_id: string
          week_start: string
        }
        Update: {
          attempts?: number
          content?: Json | null
          created_at?: string
          id?: string
          reason?: string | null
          status?: string
          updated_at?: string
          user_id?: string
          week_start?: string
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      admin_overview: { Args: never; Returns: Json }
      analytics_stats: { Args: { p_event_type?: string }; Returns: Json }
      billing_grant_period: {
        Args: { p_credits: number; p_key: string; p_user: string }
        Returns: boolean
      }
      catalogue_category_counts: { Args: never; Returns: Json }
      coach_charge: {
        Args: {
          p_conversation: string
          p_credits: number
          p_input_tokens: number
          p_output_tokens: number
          p_user: string
        }
        Returns: number
      }
      connection_runs_this_month: { Args: never; Returns: number }
      consent_id_owner_ok: {
        Args: { p_anonymous_id: string }
        Returns: boolean
      }
      credit_balance: { Args: never; Returns: number }
      credit_reserve: {
        Args: { p_estimate: number; p_user: string }
        Returns: string
      }
      credit_settle: {
        Args: {
          p_conversation: string
          p_credits: number
          p_input_tokens: number
          p_output_tokens: number
          p_reservation: string
          p_user: string
        }
        Returns: number
      }
      credit_summary: { Args: never; Returns: Json }
      credit_usage_history: {
        Args: { p_limit?: number }
        Returns: {
          conversation_id: string
          conversation_title: string
          created_at: string
          delta: number
          input_tokens: number
          output_tokens: number
          reason: string
        }[]
      }
      crm_board: { Args: { p_per_stage?: number }; Returns: Json }
      crm_count_contacts: {
        Args: { p_filters?: Json; p_query?: string }
        Returns: number
      }
      crm_delete_stage: {
        Args: { p_move_to?: string; p_stage: string }
        Returns: number
      }
      crm_due_tasks: {
        Args: { p_until?: string }
        Returns: {
          contact_id: string
          contact_name: string
          deal_id: string
          deal_title: string
          due_date: string
          id: string
          overdue: boolean
          title: string
        }[]
      }
      crm_export_contacts: {
        Args: { p_filters?: Json; p_query?: string; p_sort?: string }
        Returns: {
          company_name: string
          created_at: string
          custom: Json
          email: string
          last_activity_at: string
          name: string
          notes: string
          phone: string
          source: string
          tags: string[]
        }[]
      }
      crm_follow_ups: {
        Args: { p_limit?: number }
        Returns: {
          company_name: string
          contact_id: string
          email: string
          last_activity_at: string
          name: string
          open_deals: number
          overdue_tasks: number
          total: number
        }[]
      }
      crm_move_deal: {
        Args: { p_deal: string; p_position?: number; p_stage: string }
        Returns: {
          closed_at: string | null
          company_id: string | null
          contact_id: string | null
          created_at: string
          currency: string
          expected_close: string | null
          id: string
          position: number
          stage_id: string
          title: string
          updated_at: string
          user_id: string
          value: number
        }
        SetofOptions: {
          from: "*"
          to: "crm_deals"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      crm_reorder_stages: {
        Args: { p_stage_ids: string[] }
        Returns: {
          created_at: string
          id: string
          kind: string
          name: string
          position: number
          user_id: string
        }[]
        SetofOptions: {
          from: "*"
          to: "crm_stages"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      crm_search_contacts: {
        Args: {
          p_after_id?: string
          p_after_key?: string
          p_filters?: Json
          p_limit?: number
          p_query?: string
          p_sort?: string
        }
        Returns: {
          company_id: string
          company_name: string
          created_at: string
          custom: Json
          email: string
          id: string
          last_activity_at: string
          name: string
          phone: string
          sort_key: string
          source: string
          tags: string[]
          updated_at: string
        }[]
      }
      crm_stage_deals: {
        Args: { p_after_position?: number; p_limit?: number; p_stage: string }
        Returns: Json[]
      }
      crm_summary: { Args: never; Returns: Json }
      current_plan_id: { Args: never; Returns: string }
      feature_limit: { Args: { feature: string }; Returns: number }
      feature_usage: { Args: { feature: string }; Returns: number }
      has_feature: { Args: { feature: string }; Returns: boolean }
      is_admin: { Args: never; Returns: boolean }
      join_waitlist: {
        Args: { p_email: string; p_name: string; p_source?: string }
        Returns: number
      }
      mark_inbox_item_handled: {
        Args: { p_handled?: boolean; p_id: string; p_kind: string }
        Returns: boolean
      }
      metric_unit: { Args: { metric: string }; Returns: string }
      metric_value_ok: { Args: { metric: string; v: number }; Returns: boolean }
      my_open_plan_request_count: { Args: never; Returns: number }
      my_user_tool_count: { Args: never; Returns: number }
      plan_status: { Args: never; Returns: Json }
      regenerate_connection_token: {
        Args: { connection_id: string }
        Returns: string
      }
      remaining_usage: { Args: { feature: string }; Returns: number }
      request_ip: { Args: never; Returns: string }
      request_user_agent: { Args: never; Returns: string }
      require_admin: { Args: never; Returns: undefined }
      rotate_connection_secret: {
        Args: { connection_id: string }
        Returns: string
      }
      security_stats: { Args: never; Returns: Json }
      top_rated_integrations: {
        Args: { p_limit?: number }
        Returns: {
          actions: string[]
          builtin: boolean
          category: string
          connections: number
          created_at: string
          description: string
          icon: string
          id: string
          name: string
          popular: boolean
          rating: number
          website: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "integrations"
          isOneToOne: false
          isSetofReturn: true
        }
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const
